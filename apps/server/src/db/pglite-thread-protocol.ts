/**
 * Messages between the server's thread and the embedded database's thread (pglite-thread.ts,
 * pglite-worker.ts). Each request carries an id its reply repeats; notifications carry none.
 */
export type ThreadRequest = { id: number } & (
  | {
      op: 'query';
      /** Inside this open transaction; otherwise on its own, after any open transaction. */
      txId?: number;
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
    }
  | { op: 'begin'; txId: number }
  | { op: 'end'; txId: number; commit: boolean }
  /** The id is chosen by the server's side, which hears the channel before asking. */
  | { op: 'listen'; channel: string; listenId: number }
  | { op: 'unlisten'; listenId: number }
  | { op: 'close' }
);

export type ThreadReply =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { op: 'notify'; listenId: number; payload: string }
  | { op: 'ready' }
  | { op: 'failed'; error: SerializedError };

/** An error's message and name with its plain fields (a database error's `code`, `detail`…). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as string | number | boolean | null;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again on this side, with this side's stack (where the statement was sent from). */
export function deserializeError(error: SerializedError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}
