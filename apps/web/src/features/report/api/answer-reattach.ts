import type { ReportMessage } from '@portal/contract';
import type { AnswerSnapshot, Reattach } from '../../../components/thread';
import { api } from '../../../lib/api';
import { followAt } from '../../../lib/answer-follow';
import { rememberMessage } from '../store/report-store';

const REPORT_API = '/api/report';

/** `POST /api/report/message/stop`: 停止, the only thing that stops an answer on the server. */
export async function stopReportAnswer(messageId: string): Promise<void> {
  await api.post(`${REPORT_API}/message/stop`, { message_id: messageId }, { silent: true });
}

/** `GET /api/report/message/completion`: an answer as stored so far; its kind and structure are kept beside it. */
export async function reportCompletion(messageId: string, signal: AbortSignal): Promise<AnswerSnapshot> {
  const message = await api.get<ReportMessage>(`${REPORT_API}/message/completion`, {
    params: { message_id: messageId },
    signal,
    silent: true,
  });
  rememberMessage(message);
  return { content: message.content, status: message.status };
}

/** An answer, brief or comparison still written when its conversation opened is followed to its end. */
export const reportReattach: Reattach = {
  follow: followAt(REPORT_API),
  completion: reportCompletion,
  stop: stopReportAnswer,
};
