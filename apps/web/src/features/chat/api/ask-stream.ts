import type { AskStreamRequest, ChatStreamFinish, ChatStreamMessage } from '@portal/contract';
import type { StreamTransport } from '../../../components/thread';
import { api } from '../../../lib/api';
import { streamSse } from '../../../lib/sse';
import { messageEndpoints, type MessageRoute } from './load-endpoints';
import { streamWhenLoaded } from './stream-when-loaded';

/** `POST /api/{api}/message/askStream` (a model family's own API: `/message/ask`) as an event stream. */
export function askStreamTransport(
  route: MessageRoute,
  body: AskStreamRequest,
  repairAuth: StreamTransport['repairAuth'],
  stop: StreamTransport['stop'],
): StreamTransport {
  return {
    kind: 'stream',
    repairAuth,
    stop,
    open: (signal, handlers) =>
      streamWhenLoaded(
        async () => (await messageEndpoints(route)).ask.path,
        signal,
        handlers,
        (path) =>
          streamSse<ChatStreamMessage, ChatStreamFinish>({
            url: api.url(path),
            headers: api.headers(),
            body,
            signal,
            ...handlers,
          }),
      ),
  };
}
