import type { MessageStatus } from '@portal/contract';
import type { GenerationLeases } from './generation-leases';
import type { AnswerStore } from './types';

/** What stopping needs of a module's answers beside what the runner writes. */
export interface StoppableStore<Row extends { status: MessageStatus }> extends AnswerStore {
  row(messageId: string): Promise<Row | undefined>;
  closeIfGenerating(messageId: string, status: Exclude<MessageStatus, 'generating'>): Promise<void>;
}

/** How long a stop call waits for the owner to close the answer. */
const STOP_WAIT_MS = 5_000;

/**
 * Stops an answer wherever it is generated (`requestStop`: at once here, else through its lease's
 * flag) and answers its row once it is final, or as it stands after a few seconds. `found` is the
 * caller's answer row, already checked to be the user's.
 */
export async function stopAnswer<Row extends { status: MessageStatus }>(
  store: StoppableStore<Row>,
  messageId: string,
  found: Row,
  answers: { leases: GenerationLeases; requestStop(store: AnswerStore, messageId: string): Promise<void> },
): Promise<Row> {
  if (found.status !== 'generating') return found;
  await answers.requestStop(store, messageId);
  const deadline = Date.now() + STOP_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const row = await store.row(messageId);
    if (!row || row.status !== 'generating') return row ?? found;
  }
  // Nobody owned it (its job had not started): close it here; the job will find it closed.
  if (!(await answers.leases.isOwned(messageId))) {
    await store.closeIfGenerating(messageId, 'aborted');
    await answers.leases.dropUnowned(messageId);
  }
  return (await store.row(messageId)) ?? found;
}
