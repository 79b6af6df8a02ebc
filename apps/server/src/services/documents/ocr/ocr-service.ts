import { createTesseractPool, type OcrPool } from './ocr-pool';

/** What one recognition tells its caller while it waits for a turn. */
export interface OcrJobHooks {
  /** Every OCR worker is busy: the page waits in line. */
  onQueued?(): void;
  /** A worker took the page. */
  onStarted?(): void;
  /** The page is no longer wanted (its parse ended): it leaves the line unread. */
  signal?: AbortSignal;
}

/** Counters of the pool, read by the tests and logs. */
export interface OcrStats {
  /** Pages being recognized now, and the most ever at once (never above the bound). */
  active: number;
  peakActive: number;
  /** Pages waiting for a worker now, and the most ever at once. */
  waiting: number;
  peakWaiting: number;
  recognized: number;
}

export interface OcrServiceOptions {
  /** OCR workers in the whole server: the most pages recognized at once, whatever parses run. */
  workers: number;
  /** Workers left idle this long are closed (each holds its own language models in memory). */
  idleCloseMs?: number;
  /** The engine; tesseract.js workers unless a test gives another. */
  createPool?: (workers: number) => Promise<OcrPool>;
}

const DEFAULT_IDLE_CLOSE_MS = 60_000;

/**
 * The server-wide OCR pool: every parse sends its scanned pages here, so however many documents
 * parse at once, no more than `workers` pages are recognized at a time (each one costs a core and
 * a few hundred MB). Pages wait in arrival order, so documents parsing together take turns page by
 * page. The tesseract workers start on the first page and close after a while without work.
 */
export class OcrService {
  private readonly workers: number;
  private readonly idleCloseMs: number;
  private readonly createPool: (workers: number) => Promise<OcrPool>;
  private readonly line: { wake: () => void }[] = [];
  /** Worker turns handed out; a finished page hands its turn straight to the next in line. */
  private held = 0;
  private pool?: Promise<OcrPool>;
  private idleTimer?: NodeJS.Timeout;
  private closed = false;
  readonly stats: OcrStats = { active: 0, peakActive: 0, waiting: 0, peakWaiting: 0, recognized: 0 };

  constructor(options: OcrServiceOptions) {
    this.workers = Math.max(1, options.workers);
    this.idleCloseMs = options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
    this.createPool = options.createPool ?? createTesseractPool;
  }

  /** The text of one page image; waits for a free worker first. */
  async recognize(image: Buffer, hooks: OcrJobHooks = {}): Promise<string> {
    if (this.closed) throw new Error('OCR is shut down');
    if (hooks.signal?.aborted) throw new Error('OCR no longer wanted');
    await this.turn(hooks);
    clearTimeout(this.idleTimer);
    this.stats.active++;
    this.stats.peakActive = Math.max(this.stats.peakActive, this.stats.active);
    hooks.onStarted?.();
    try {
      const text = await (await this.engine()).recognize(image);
      this.stats.recognized++;
      return text;
    } finally {
      this.stats.active--;
      const next = this.line.shift();
      if (next) next.wake();
      else if (--this.held === 0) this.closeWhenIdle();
    }
  }

  /** Stops the workers; pages still waiting fail (their parse job is retried after a restart). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const entry of this.line.splice(0)) entry.wake();
    await this.release();
  }

  private turn(hooks: OcrJobHooks): Promise<void> {
    if (this.held < this.workers) {
      this.held++;
      return Promise.resolve();
    }
    hooks.onQueued?.();
    this.stats.waiting++;
    this.stats.peakWaiting = Math.max(this.stats.peakWaiting, this.stats.waiting);
    return new Promise((resolve, reject) => {
      const leave = () => {
        const at = this.line.indexOf(entry);
        if (at < 0) return;
        this.line.splice(at, 1);
        this.stats.waiting--;
        reject(new Error('OCR no longer wanted'));
      };
      // Woken with the turn of a finished page (or by close): the turn is handed over, not freed.
      const entry = {
        wake: () => {
          hooks.signal?.removeEventListener('abort', leave);
          this.stats.waiting--;
          if (this.closed) reject(new Error('OCR is shut down'));
          else resolve();
        },
      };
      this.line.push(entry);
      hooks.signal?.addEventListener('abort', leave, { once: true });
    });
  }

  private engine(): Promise<OcrPool> {
    this.pool ??= this.createPool(this.workers).catch((error: unknown) => {
      this.pool = undefined;
      throw error;
    });
    return this.pool;
  }

  private closeWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.release(), this.idleCloseMs);
    this.idleTimer.unref();
  }

  private async release(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.close();
  }
}
