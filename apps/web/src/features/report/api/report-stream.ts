import type { ReportMessageKind, ReportStreamFinish, ReportStreamMessage } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { api } from '../../../lib/api';
import { streamSse, type StreamSseOptions } from '../../../lib/sse';

const STREAMS: Record<ReportMessageKind, { path: string }> = {
  answer: reportEndpoints.ask,
  brief: reportEndpoints.brief,
  compare: reportEndpoints.compare,
};

export interface ReportStreamBody {
  conversation_id: string;
  prompt?: string;
  report_ids?: [string, string];
}

export type ReportStreamHandlers = Pick<
  StreamSseOptions<ReportStreamMessage, ReportStreamFinish>,
  'onMessage' | 'onFinish' | 'onError' | 'onAbort'
>;

/**
 * `POST /api/report/pdf/{askNew|brief|compare}` as an event stream: an answer, an industry brief
 * or a comparison; resolves when the stream ends.
 */
export function streamReport(
  kind: ReportMessageKind,
  body: ReportStreamBody,
  handlers: ReportStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  return streamSse<ReportStreamMessage, ReportStreamFinish>({
    url: api.url(STREAMS[kind].path),
    headers: api.headers(),
    body,
    signal,
    ...handlers,
  });
}
