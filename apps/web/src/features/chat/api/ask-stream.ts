import type { AskStreamRequest, ChatStreamFinish, ChatStreamMessage } from '@portal/contract';
import type { StreamTransport } from '../../../components/thread';
import { api } from '../../../lib/api';
import { streamSse } from '../../../lib/sse';

/** `POST {prefix}/message/askStream` (zhipu: `/message/ask`) as an event stream. */
export function askStreamTransport(
  path: string,
  body: AskStreamRequest,
  repairAuth: StreamTransport['repairAuth'],
  stop: StreamTransport['stop'],
): StreamTransport {
  return {
    kind: 'stream',
    repairAuth,
    stop,
    open: (signal, handlers) =>
      streamSse<ChatStreamMessage, ChatStreamFinish>({
        url: api.url(path),
        headers: api.headers(),
        body,
        signal,
        ...handlers,
      }),
  };
}
