import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { workerSource } from '../lib/worker-source';
import type { PgliteWasm } from './pglite-settings';
import { deserializeError, type ThreadReply, type ThreadRequest } from './pglite-thread-protocol';

/**
 * The thread's young generation. Its garbage is query results, soon dropped: a small young
 * generation is collected more often, off the server's thread, and keeps its resident memory down.
 */
const YOUNG_GENERATION_MB = 8;

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What drizzle-orm's PGlite driver calls on its client and on a transaction's. */
export interface PgliteLike {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * The embedded database on a thread of its own, for the server's data folder. PGlite runs a
 * statement on the thread that calls it, in WebAssembly from start to end: on the server's thread,
 * each statement (a follow-up's ask takes about 2 ms, measured) held back every other request and
 * every token due to be relayed to any open answer, and an answer's final save held back the next
 * question. Here the server's thread only posts the statement and gets the rows back (some 0.07 ms
 * per round trip, measured), and both threads run side by side on two cores.
 *
 * Statements run in the order they are sent, and PGlite's lock makes one sent outside a
 * transaction wait until that transaction ends, as in one thread. Parsers cannot cross threads:
 * the engine's own (drizzle's, pglite-engine.ts) apply, and a query's are ignored.
 */
export class PgliteThread implements PgliteLike {
  /**
   * Held (`ref`) while opening and while something waits for an answer, not otherwise: an open
   * database alone keeps no process alive.
   */
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 0;
  private nextTxId = 0;
  private nextListenId = 0;
  private stopped: Error | undefined;
  private closing = false;
  private opened = false;
  readonly ready: Promise<void>;
  /** Resolves with the reason when the thread dies other than by `close` (out of memory, a crash). */
  readonly died: Promise<Error>;
  private dying: (error: Error) => void = () => undefined;

  /**
   * Starts the thread at once: it loads the engine's code while `wasmModule` is still being
   * compiled here, and opens `dataDir` when the module is handed over.
   */
  constructor(dataDir: string, wasmModule: Promise<PgliteWasm>) {
    const { source, evalSource } = workerSource(import.meta.url, 'pglite-worker');
    this.worker = new Worker(source, {
      eval: evalSource,
      workerData: { dataDir },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.died = new Promise((resolve) => (this.dying = resolve));
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (message: ThreadReply) => {
        if ('id' in message) {
          const waiting = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (this.pending.size === 0) this.worker.unref();
          if (message.ok) waiting?.resolve(message.value);
          else waiting?.reject(deserializeError(message.error));
        } else if (message.op === 'notify') this.listeners.get(message.listenId)?.(message.payload);
        else if (message.op === 'ready') {
          this.opened = true;
          if (this.pending.size === 0) this.worker.unref();
          resolve();
        } else reject(deserializeError(message.error));
      });
      // The thread died (out of memory, a crash in the engine): nothing sent to it will answer.
      const stop = (error: Error) => {
        if (!this.closing) this.dying(error);
        this.stopped ??= error;
        reject(this.stopped);
        for (const waiting of this.pending.values()) waiting.reject(this.stopped);
        this.pending.clear();
      };
      this.worker.on('error', stop);
      wasmModule.then(
        (module) => this.worker.postMessage({ wasmModule: module }),
        (error: unknown) => {
          reject(error);
          void this.worker.terminate();
        },
      );
      this.worker.on('exit', (code) => stop(new Error(`the embedded database's thread stopped (exit code ${code})`)));
    });
  }

  private send(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    // The thread's first message must be the module; anything sent sooner waits until it opened.
    if (!this.opened) return this.ready.then(() => this.send(request));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions, txId?: number): Promise<Results<T>> {
    return this.send({ op: 'query', text, params, rowMode: options?.rowMode, txId }) as Promise<Results<T>>;
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: PgliteLike) => Promise<T>): Promise<T> {
    const txId = ++this.nextTxId;
    await this.send({ op: 'begin', txId });
    let closed = false;
    const tx: PgliteLike = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        closed ? Promise.reject(new Error('Transaction is closed')) : this.query<R>(text, params, options, txId),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      // The callback's error is the one to report, even if the rollback failed too.
      await this.send({ op: 'end', txId, commit: false }).catch(() => undefined);
      throw error;
    }
    closed = true;
    await this.send({ op: 'end', txId, commit: true });
    return result;
  }

  /** Calls `onMessage` for each notification on `channel`; resolves with the function that stops it. */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = ++this.nextListenId;
    this.listeners.set(listenId, onMessage);
    try {
      await this.send({ op: 'listen', channel, listenId });
    } catch (error) {
      this.listeners.delete(listenId);
      throw error;
    }
    return async () => {
      this.listeners.delete(listenId);
      await this.send({ op: 'unlisten', listenId });
    };
  }

  /** Closes the engine (its files flushed) and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    try {
      if (!this.stopped) await this.send({ op: 'close' });
    } finally {
      this.stopped ??= new Error('the embedded database is closed');
      await this.worker.terminate();
    }
  }
}
