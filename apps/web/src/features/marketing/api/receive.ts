import type { ChatStreamFinish, ChatStreamMessage, MarketingReceiveRequest } from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import type { StreamTransport } from '../../../components/thread';
import { api } from '../../../lib/api';
import { streamSse } from '../../../lib/sse';
import { stopMarketingAnswer } from './answer-reattach';

/**
 * `POST /api/marketing/message/receive` as an event stream. Its events carry what the thread's
 * stream handlers read (ids, text, status); the finish's sections are read back with the detail.
 */
export function receiveTransport(
  body: MarketingReceiveRequest,
  /** Told of the conversation once the first event names it (a new conversation's page moves there). */
  onNamed?: (convId: string) => void,
): StreamTransport {
  return {
    kind: 'stream',
    repairAuth: (code) => api.repairAuth(code),
    stop: stopMarketingAnswer,
    open: (signal, handlers) => {
      let named = false;
      return streamSse<ChatStreamMessage, ChatStreamFinish>({
        url: api.url(marketingEndpoints.receive.path),
        headers: api.headers(),
        body,
        signal,
        ...handlers,
        onMessage(data) {
          handlers.onMessage(data);
          if (named || !onNamed) return;
          named = true;
          onNamed(data.conv_id);
        },
      });
    },
  };
}
