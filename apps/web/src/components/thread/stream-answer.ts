import { ErrorCode, type Citation } from '@portal/contract';
import { createThrottledUpdater, framesApart } from '../../lib/throttled-updater';
import type { SseError } from '../../lib/sse';
import type { AnswerSink } from './answer-sink';
import type { StreamTransport } from './transport';

interface Increment {
  text: string;
  reasoning: string;
  citations?: Citation[];
  messageId?: string;
}

const mergeIncrements = (a: Increment, b: Increment): Increment => ({
  text: a.text + b.text,
  reasoning: a.reasoning + b.reasoning,
  citations: b.citations ?? a.citations,
  messageId: b.messageId ?? a.messageId,
});

/** Auth failures the HTTP client knows how to repair (refresh the token, re-sync rights). */
const REPAIRABLE = new Set<number>([ErrorCode.tokenExpired, ErrorCode.permissionsChanged]);
const AUTH_CODES = new Set<number>([
  ...REPAIRABLE,
  ErrorCode.notSignedIn,
  ErrorCode.refreshInvalid,
  ErrorCode.resourceGone,
]);

/**
 * Renders of a streamed answer are at least this far apart (at most about 10 a second): every
 * render restyles, lays out and repaints the growing answer, which costs the same whether it adds
 * one increment or five. Ten steps a second still read as continuous text; at 20 a second the
 * 20,000-character benchmark answer cost about a fifth more main-thread time per increment.
 */
export const STREAM_RENDER_GAP_MS = 100;

/**
 * Streams one answer into the sink. Increments are merged and applied on an animation frame at
 * most every STREAM_RENDER_GAP_MS; the outcome (finish, error, abort) is applied after the last
 * queued increment.
 */
export async function streamAnswer(transport: StreamTransport, sink: AnswerSink): Promise<void> {
  const updater = createThrottledUpdater<Increment>(
    (inc) =>
      sink.update((m) => ({
        ...m,
        message_id: inc.messageId ?? m.message_id,
        content: m.content + inc.text,
        reasoning: inc.reasoning ? (m.reasoning ?? '') + inc.reasoning : m.reasoning,
        citations: inc.citations ?? m.citations,
      })),
    { merge: mergeIncrements, schedule: framesApart(STREAM_RENDER_GAP_MS) },
  );

  // Written from the stream callbacks.
  const outcome: { received: boolean; failure?: SseError } = { received: false };
  const run = (): Promise<void> =>
    transport.open(sink.signal, {
      onMessage(data) {
        outcome.received = true;
        updater.push({
          text: data.text ?? '',
          reasoning: data.reasoning ?? '',
          citations: data.citations,
          messageId: data.message_id,
        });
      },
      onFinish(finish) {
        updater.flush();
        sink.finish(finish);
      },
      onError(error) {
        outcome.failure = error;
      },
      onAbort() {
        updater.flush();
        sink.update((m) => ({ ...m, status: 'aborted' }));
      },
    });

  try {
    await run();
    const first = outcome.failure;
    if (first && !outcome.received && first.kind === 'http' && AUTH_CODES.has(first.code) && transport.repairAuth) {
      const healthy = await transport.repairAuth(first.code).catch(() => false);
      if (healthy && REPAIRABLE.has(first.code) && !sink.signal.aborted) {
        outcome.failure = undefined;
        await run();
      }
    }
    if (outcome.failure) {
      const { message } = outcome.failure;
      updater.flush();
      sink.update((m) => ({ ...m, status: 'incomplete', error: message }));
    }
  } finally {
    updater.cancel();
  }
}
