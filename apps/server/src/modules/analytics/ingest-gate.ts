/**
 * Caps how many ingest statements run at once, so a flood of batches cannot take every database
 * connection (or PGlite's only one) from the rest of the API. Batches beyond the cap wait in a
 * bounded queue; when that is full the route sheds load with 429 before reading the body, and the
 * SDK retries later with the same event ids.
 */
export class IngestGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  /** False when every slot is busy and the queue is full. */
  hasRoom(): boolean {
    return this.active < this.concurrency || this.waiting.length < this.queueLimit;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      if (next) next();
      else this.active--;
    }
  }
}
