import type { ChatMessage } from '@portal/contract';
import { api } from '../../../lib/api';
import { chatMessageParser } from './parsers';

/** `GET {prefix}/message/completion?message_id=`: the stored answer so far and its status. */
export function getCompletion(prefix: string, messageId: string, signal?: AbortSignal): Promise<ChatMessage> {
  // Polled every 2 s: a failed poll is retried, not shown.
  return api.get(`${prefix}/message/completion`, {
    params: { message_id: messageId },
    schema: chatMessageParser,
    signal,
    silent: true,
  });
}
