import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsRollupService } from './rollup-service';

/** Runs retention and the rollup of pending days on an interval; one run at a time. */
export class AnalyticsRollupJob {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;

  constructor(
    private readonly rollup: AnalyticsRollupService,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /** Retention first, so a day that just expired is not recomputed from a partial set of events. */
  async runOnce(): Promise<{ days: number; purged: number }> {
    const purged = await this.rollup.purgeExpired();
    const days = await this.rollup.run();
    return { days, purged };
  }

  private async tick(): Promise<void> {
    if (this.current) return;
    this.current = this.runOnce()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err }, 'analytics rollup failed'))
      .finally(() => {
        this.current = undefined;
      });
    await this.current;
  }
}
