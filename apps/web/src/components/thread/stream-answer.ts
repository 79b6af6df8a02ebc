import { ErrorCode, type Citation } from '@portal/contract';
import { createThrottledUpdater, framesApart } from '../../lib/throttled-updater';
import type { SseError } from '../../lib/sse';
import type { AnswerSink } from './answer-sink';
import type { StreamTransport } from './transport';
import type { AskAbortReason } from './types';

interface Increment {
  text: string;
  reasoning: string;
  citations?: Citation[];
  messageId?: string;
  /** The text (and reasoning) replace the answer's: a followed answer's state so far. */
  replace?: boolean;
}

const mergeIncrements = (a: Increment, b: Increment): Increment =>
  b.replace
    ? { ...b, citations: b.citations ?? a.citations, messageId: b.messageId ?? a.messageId }
    : {
        text: a.text + b.text,
        reasoning: a.reasoning + b.reasoning,
        citations: b.citations ?? a.citations,
        messageId: b.messageId ?? a.messageId,
        replace: a.replace,
      };

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
 *
 * 停止 (the sink's signal aborted with 'stop') asks the server to stop the answer through the
 * transport's `stop`, then closes the stream: closing alone would not stop it, since answers
 * outlive their client. Stopped before the answer's id arrived, the stream stays open in the
 * background until its first event names the answer, which is then stopped; the screen shows it
 * stopped at once.
 */
export async function streamAnswer(transport: StreamTransport, sink: AnswerSink): Promise<void> {
  const updater = createThrottledUpdater<Increment>(
    (inc) =>
      sink.update((m) => ({
        ...m,
        message_id: inc.messageId ?? m.message_id,
        content: inc.replace ? inc.text : m.content + inc.text,
        reasoning: inc.replace
          ? inc.reasoning || m.reasoning
          : inc.reasoning
            ? (m.reasoning ?? '') + inc.reasoning
            : m.reasoning,
        citations: inc.citations ?? m.citations,
      })),
    { merge: mergeIncrements, schedule: framesApart(STREAM_RENDER_GAP_MS) },
  );

  // The stream's own signal: a stop waiting for the answer's id keeps it open.
  const connection = new AbortController();
  let messageId = transport.messageId;
  let stopWhenNamed = false;
  let settleStopped: (() => void) | undefined;
  const stopOnServer = (id: string) => {
    void transport.stop?.(id).catch(() => undefined);
    connection.abort();
  };
  const onSinkAbort = () => {
    if (!transport.stop || (sink.signal.reason as AskAbortReason | undefined) !== 'stop') {
      connection.abort();
      return;
    }
    if (messageId) return stopOnServer(messageId);
    stopWhenNamed = true;
    updater.flush();
    sink.update((m) => ({ ...m, status: 'aborted' }));
    settleStopped?.();
  };
  if (sink.signal.aborted) onSinkAbort();
  else sink.signal.addEventListener('abort', onSinkAbort, { once: true });

  // Written from the stream callbacks.
  const outcome: { received: boolean; failure?: SseError } = { received: false };
  const run = (): Promise<void> =>
    transport.open(connection.signal, {
      onMessage(data) {
        outcome.received = true;
        messageId ??= data.message_id;
        if (stopWhenNamed) {
          if (messageId) stopOnServer(messageId);
          return;
        }
        updater.push({
          text: data.text ?? '',
          reasoning: data.reasoning ?? '',
          citations: data.citations,
          messageId: data.message_id,
          replace: data.replace,
        });
      },
      onFinish(finish) {
        if (stopWhenNamed) return;
        updater.flush();
        sink.finish(finish);
      },
      onError(error) {
        if (!stopWhenNamed) outcome.failure = error;
      },
      onAbort() {
        if (stopWhenNamed) return;
        updater.flush();
        sink.update((m) => ({ ...m, status: 'aborted' }));
      },
    });

  // A stop that waits for the answer's id ends the ask at once; the stream goes on behind it.
  const stoppedEarly = new Promise<'stopped'>((resolve) => (settleStopped = () => resolve('stopped')));
  try {
    const streaming = run();
    if ((await Promise.race([streaming.then(() => 'ended' as const), stoppedEarly])) === 'stopped') {
      void streaming.catch(() => undefined);
      return;
    }
    const first = outcome.failure;
    if (first && !outcome.received && first.kind === 'http' && AUTH_CODES.has(first.code) && transport.repairAuth) {
      const healthy = await transport.repairAuth(first.code).catch(() => false);
      if (healthy && REPAIRABLE.has(first.code) && !sink.signal.aborted && !connection.signal.aborted) {
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
    sink.signal.removeEventListener('abort', onSinkAbort);
    updater.cancel();
  }
}
