import { reportEndpoints } from '@portal/contract/endpoints/report';
import type { AnswerSnapshot, Reattach } from '../../../components/thread';
import { followAt } from '../../../lib/answer-follow';
import { callEndpoint, sendEndpoint } from '../../../lib/call-endpoint';
import { rememberMessage } from '../store/report-store';

/** `POST /api/report/message/stop`: 停止, the only thing that stops an answer on the server. */
export async function stopReportAnswer(messageId: string): Promise<void> {
  await sendEndpoint(reportEndpoints.messageStop, { body: { message_id: messageId }, silent: true });
}

/** `GET /api/report/message/completion`: an answer as stored so far; its kind and structure are kept beside it. */
export async function reportCompletion(messageId: string, signal: AbortSignal): Promise<AnswerSnapshot> {
  const message = await callEndpoint(reportEndpoints.messageCompletion, {
    query: { message_id: messageId },
    signal,
    silent: true,
  });
  rememberMessage(message);
  return { content: message.content, status: message.status };
}

/** An answer, brief or comparison still written when its conversation opened is followed to its end. */
export const reportReattach: Reattach = {
  follow: followAt(reportEndpoints.messageFollow),
  completion: reportCompletion,
  stop: stopReportAnswer,
};
