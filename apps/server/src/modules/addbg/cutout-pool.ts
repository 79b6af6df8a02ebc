import { Worker } from 'node:worker_threads';
import { workerSource } from '../../lib/worker-source';
import type { CutoutReply, CutoutStages, CutoutWorkerData } from './cutout-worker';
import type { ProductCut } from './see-through';

export interface CutoutPoolOptions extends CutoutWorkerData {
  /** The worker is stopped after this long without work (0: kept). */
  idleMs: number;
}

export interface PoolMask extends ProductCut {
  stages: CutoutStages;
}

interface Pending {
  resolve(result: PoolMask): void;
  reject(error: Error): void;
}

/**
 * One worker thread holding the segmentation model, shared by every cutout of this process.
 * Requests queue on it (one inference at a time uses all its threads); it starts on the first
 * request and is let go after a while idle, giving its memory back.
 */
export class CutoutPool {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: CutoutPoolOptions) {}

  get size(): number {
    return this.options.size;
  }

  /**
   * The product's mask (`size`×`size`, 0..255) of an RGB image of `size`×`size`: the model's,
   * checked against a plain backdrop and cleaned up (`mask-passes.ts`), with a see-through
   * product's look. `rgb` is transferred.
   */
  mask(rgb: Uint8Array): Promise<PoolMask> {
    const worker = this.ensureWorker();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, rgb }, [rgb.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const { source, evalSource } = workerSource(import.meta.url, 'cutout-worker');
    const data: CutoutWorkerData = {
      modelPath: this.options.modelPath,
      size: this.options.size,
      threads: this.options.threads,
    };
    const worker = new Worker(source, { eval: evalSource, workerData: data });
    worker.unref();
    worker.on('message', (reply: CutoutReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve({ mask: reply.mask, glass: reply.glass, stages: reply.stages });
      this.armIdle();
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`cutout worker stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  private armIdle(): void {
    if (this.pending.size > 0 || this.options.idleMs <= 0) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleMs);
    this.idleTimer.unref();
  }
}
