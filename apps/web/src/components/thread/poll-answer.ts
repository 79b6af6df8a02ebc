import type { AnswerSink } from './answer-sink';
import { applySnapshot, markStalled } from './answer-sink';
import { pollCompletion } from './poll-completion';
import type { AskAbortReason } from './types';
import type { AnswerIds, PollTransport } from './transport';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : '回答获取失败');

/**
 * Asks, then polls the stored answer every interval, showing it as it grows, until its status is
 * final. Stop tells the server to abort the generation; leaving the page only stops polling (the
 * server keeps generating, and the thread picks the answer up again when it is opened).
 */
export async function pollAnswer(transport: PollTransport, sink: AnswerSink): Promise<void> {
  let ids: AnswerIds;
  try {
    // Not cut off by leaving: the question is being stored, and its ids let the thread find the answer again.
    ids = await transport.ask();
  } catch (error) {
    sink.update((m) => ({ ...m, status: 'incomplete', error: errorText(error) }));
    return;
  }
  sink.identify(ids);

  const outcome = await pollCompletion({
    messageId: ids.message_id,
    completion: transport.completion,
    signal: sink.signal,
    intervalMs: transport.intervalMs,
    onSnapshot: (snapshot) => sink.update(applySnapshot(snapshot)),
  });
  switch (outcome.kind) {
    case 'final':
      sink.finish({ ...ids, status: outcome.snapshot.status });
      return;
    case 'stale':
      sink.update(markStalled);
      return;
    case 'failed':
      sink.update((m) => ({ ...m, status: 'incomplete', error: errorText(outcome.error) }));
      return;
    case 'aborted':
      if ((sink.signal.reason as AskAbortReason | undefined) !== 'stop') return;
      await transport.stop(ids.message_id).catch(() => undefined);
      {
        // The server kept what was generated until the stop; show that rather than the last poll.
        const stored = await transport.completion(ids.message_id, new AbortController().signal).catch(() => null);
        sink.update((m) => ({ ...(stored ? applySnapshot(stored)(m) : m), status: 'aborted' }));
      }
  }
}
