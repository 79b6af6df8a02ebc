import type { ReportMessage, ReportMessageKind } from '@portal/contract';
import { ask, type StreamTransport } from '../../../components/thread';
import { api } from '../../../lib/api';
import { stopReportAnswer } from '../api/answer-reattach';
import { streamReport, type ReportStreamBody } from '../api/report-stream';
import { rememberMessage, useReportStore } from './report-store';

/** The stored message replaces the streamed text (a brief written again, or by the fallback, differs). */
function replaceWithStored(conversationId: string, stored: ReportMessage): void {
  const { sessions, updateMessage } = useReportStore.getState();
  const answer = sessions[conversationId]?.list.find((m) => m.message_id === stored.message_id);
  if (answer)
    updateMessage(conversationId, answer.key, (m) => ({ ...m, content: stored.content, status: stored.status }));
}

/**
 * The report stream as the thread's transport: text goes to the shared runner, the answer's kind,
 * sources, a restart and the stored message go to the report store beside it.
 */
function reportTransport(kind: ReportMessageKind, body: ReportStreamBody): StreamTransport {
  return {
    kind: 'stream',
    repairAuth: (code) => api.repairAuth(code),
    stop: stopReportAnswer,
    open: (signal, handlers) => {
      // Characters handed to the runner, which appends them all: where a restart begins.
      let sent = 0;
      return streamReport(
        kind,
        body,
        {
          onMessage(data) {
            const { extras, setExtra } = useReportStore.getState();
            if (!extras[data.message_id]) setExtra(data.message_id, { kind });
            if (data.citations) setExtra(data.message_id, { citations: data.citations });
            if (data.restart) setExtra(data.message_id, { restartAt: sent });
            sent += data.text.length;
            handlers.onMessage({ conv_id: data.conversation_id, message_id: data.message_id, text: data.text });
          },
          onFinish(data) {
            rememberMessage(data.message);
            handlers.onFinish({
              conv_id: data.conversation_id,
              message_id: data.message_id,
              user_message_id: data.user_message_id,
              status: data.message.status,
            });
            replaceWithStored(body.conversation_id, data.message);
          },
          onError: handlers.onError,
          onAbort: handlers.onAbort,
        },
        signal,
      );
    },
  };
}

export interface ReportAskInput {
  kind: ReportMessageKind;
  /** What the thread shows as the question (a brief and a comparison show what was asked for). */
  shown: string;
  body: ReportStreamBody;
}

/**
 * Streams an answer to a question, the industry brief or a comparison into the conversation's
 * thread. Resolves false when it failed (an error, not a stop), for the page to say so.
 */
export async function reportAsk({ kind, shown, body }: ReportAskInput): Promise<boolean> {
  const conversationId = body.conversation_id;
  const store = useReportStore.getState();
  if (store.sessions[conversationId]?.isAsking) return true;
  store.setRunning(conversationId, kind);
  try {
    await ask({
      store: useReportStore,
      threadId: conversationId,
      prompt: shown,
      transport: reportTransport(kind, body),
    });
  } catch {
    return false;
  } finally {
    useReportStore.getState().setRunning(conversationId, undefined);
  }
  const answer = useReportStore.getState().sessions[conversationId]?.list.at(-1);
  return !(answer?.status === 'incomplete' && answer.error !== undefined);
}
