import type { AnalyticsDropReason } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dayOf } from './day-of';

/**
 * Counts what ingest refused. A flood must not turn into a database write per refused request,
 * so counts add up in memory and are written in one statement every few seconds (and on close);
 * each replica adds its own share to the same rows.
 */
export class DropCounter {
  private pending = new Map<string, { day: string; reason: AnalyticsDropReason; batches: number; events: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly timezone: string,
    private readonly flushMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  add(reason: AnalyticsDropReason, events: number, batches = 1): void {
    const day = dayOf(this.now(), this.timezone);
    const key = `${day}|${reason}`;
    const entry = this.pending.get(key) ?? { day, reason, batches: 0, events: 0 };
    entry.batches += batches;
    entry.events += events;
    this.pending.set(key, entry);
    if (!this.timer && this.flushMs > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush().catch(() => undefined);
      }, this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what has been counted so far; serialised so two flushes never add the same counts. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const rows = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.db.execute(sql`
          INSERT INTO analytics_dropped (day, reason, batches, events)
          SELECT day::date, reason, batches, events
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(day text, reason text, batches bigint, events bigint)
          ON CONFLICT (day, reason) DO UPDATE SET
            batches = analytics_dropped.batches + excluded.batches,
            events = analytics_dropped.events + excluded.events`);
      } catch (err) {
        // Counts are kept for the next attempt rather than lost.
        for (const row of rows) {
          const key = `${row.day}|${row.reason}`;
          const entry = this.pending.get(key) ?? { ...row, batches: 0, events: 0 };
          entry.batches += row.batches;
          entry.events += row.events;
          this.pending.set(key, entry);
        }
        throw err;
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => undefined);
  }
}
