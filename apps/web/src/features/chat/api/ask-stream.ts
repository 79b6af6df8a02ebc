import type { AskStreamRequest, ChatStreamFinish, ChatStreamMessage } from '@portal/contract';
import { api } from '../../../lib/api';
import { streamSse, type SseError } from '../../../lib/sse';
import type { ChatModuleConfig } from '../config/chat-modules';

export interface AskStreamHandlers {
  onMessage(data: ChatStreamMessage): void;
  onFinish(data: ChatStreamFinish): void;
  onError(error: SseError): void;
  onAbort(): void;
}

/** `POST {chatApiPath}/message/askStream`: exactly one of onFinish, onError, onAbort is called. */
export function askStream(
  config: ChatModuleConfig,
  body: AskStreamRequest,
  signal: AbortSignal,
  handlers: AskStreamHandlers,
): Promise<void> {
  return streamSse<ChatStreamMessage, ChatStreamFinish>({
    url: api.url(`${config.chatApiPath}/message/askStream`),
    headers: api.headers(),
    body,
    signal,
    ...handlers,
  });
}
