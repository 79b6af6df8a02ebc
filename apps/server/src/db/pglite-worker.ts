import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PortalPglite } from './pglite-engine';
import { pgliteOptions, type PgliteWasm } from './pglite-settings';
import { serializeError, type ThreadReply, type ThreadRequest } from './pglite-thread-protocol';

/**
 * The embedded database's own thread (pglite-thread.ts explains why). It opens the data folder
 * with the module compiled by the server's thread, sent as the first message, and then runs what
 * it is sent, in order; PGlite's own
 * lock keeps statements sent outside a transaction waiting until that transaction ends, exactly as
 * in one thread.
 */
const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };
const post = (reply: ThreadReply) => port.postMessage(reply);

/** Open transactions: the engine's handle, and how the server's side ended it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; settled: Promise<unknown> }>();
const unlisteners = new Map<number, () => Promise<void>>();
/** Thrown inside PGlite's transaction callback so that it rolls back. */
const rollback = Symbol('rollback');

let db: PortalPglite;
try {
  // The first message is the compiled module, sent once the server's thread has it.
  const [{ wasmModule }] = (await once(port, 'message')) as [{ wasmModule: PgliteWasm }];
  db = new PortalPglite(dataDir, {
    ...pgliteOptions(PortalPglite.defaultStartParams),
    // pgvector (some 50 KB) is only offered: it loads when vector retrieval creates the extension.
    extensions: { vector },
    pgliteWasmModule: wasmModule,
  });
  await db.waitReady;
  port.on('message', (request: ThreadRequest) => {
    void handle(request).then(
      (value) => post({ id: request.id, ok: true, value }),
      (error: unknown) => post({ id: request.id, ok: false, error: serializeError(error) }),
    );
  });
  post({ op: 'ready' });
} catch (error) {
  post({ op: 'failed', error: serializeError(error) });
}

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.txId === undefined ? db : transactions.get(request.txId)?.tx;
      if (!target) throw new Error('Transaction is closed');
      const { rows, fields, affectedRows } = await target.query(request.text, request.params, {
        rowMode: request.rowMode,
      });
      return { rows, fields, affectedRows };
    }
    case 'begin':
      return begin(request.txId);
    case 'end': {
      const open = transactions.get(request.txId);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(request.txId);
      open.end(request.commit);
      try {
        await open.settled;
      } catch (error) {
        if (error !== rollback) throw error;
      }
      return undefined;
    }
    case 'listen': {
      const { listenId } = request;
      unlisteners.set(
        listenId,
        await db.listen(request.channel, (payload) => post({ op: 'notify', listenId, payload })),
      );
      return undefined;
    }
    case 'unlisten':
      await unlisteners.get(request.listenId)?.();
      unlisteners.delete(request.listenId);
      return undefined;
    case 'close':
      await db.close();
      return undefined;
  }
}

/**
 * Opens a transaction and answers once BEGIN ran, the engine's lock held. It commits or rolls back
 * when the server's side sends its end, whose answer waits for the outcome (a failed COMMIT too).
 */
function begin(txId: number): Promise<undefined> {
  return new Promise((begun, failed) => {
    let opened = false;
    const settled = db.transaction(
      (tx) =>
        new Promise<void>((commit, abort) => {
          opened = true;
          transactions.set(txId, { tx, end: (ok) => (ok ? commit() : abort(rollback)), settled });
          begun(undefined);
        }),
    );
    // Failing before BEGIN ran (the engine closed, say): the transaction never opened.
    settled.catch((error: unknown) => {
      if (!opened) failed(error);
    });
  });
}
