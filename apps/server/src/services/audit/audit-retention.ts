import type { AuditPurgeResult } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import type { JobQueue } from '../jobs';
import { AUDIT_PURGE_BEFORE_SETTING, type AuditEntry, type AuditService } from './audit-service';
import type { AuditConfig } from './config';

export const AUDIT_PURGE_JOB = 'audit.purge';
const DAY_MS = 86_400_000;
/** Rows deleted per transaction, so a first purge of a large log never holds one long lock. */
const PURGE_CHUNK = 10_000;

/** Who purges: an administrator (actor and address) or the schedule; goes into the purge's own row. */
export type PurgeRequester = Pick<AuditEntry, 'actorId' | 'actorLogin' | 'ip'> & { detail: string };

/**
 * Deletes the audit rows older than the retention and records, as a row of its own, how many and
 * up to when. Each chunk names its cutoff to the append-only guard for its transaction only, so
 * even this path cannot touch a newer row. Retention 0 keeps everything: nothing is deleted and
 * nothing recorded.
 */
export class AuditRetention {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly config: AuditConfig,
    private readonly now: () => number = Date.now,
  ) {}

  async purge(by: PurgeRequester): Promise<AuditPurgeResult> {
    const retentionDays = this.config.retention_days;
    if (retentionDays === 0) return { removed: 0, before: null, retention_days: 0 };
    const before = new Date(this.now() - retentionDays * DAY_MS).toISOString();
    let removed = 0;
    for (;;) {
      const chunk = await this.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        await db.execute(sql`SELECT set_config(${AUDIT_PURGE_BEFORE_SETTING}, ${before}, true)`);
        const [row] = await rows<{ n: number }>(
          db,
          sql`WITH gone AS (
                DELETE FROM audit_logs WHERE id IN (
                  SELECT id FROM audit_logs WHERE at < ${before}::timestamptz ORDER BY id LIMIT ${PURGE_CHUNK})
                RETURNING 1)
              SELECT count(*)::int AS n FROM gone`,
        );
        return row?.n ?? 0;
      });
      removed += chunk;
      if (chunk < PURGE_CHUNK) break;
    }
    const result: AuditPurgeResult = { removed, before, retention_days: retentionDays };
    await this.audit.record({ ...by, action: 'audit.purge', target: 'audit_logs', after: result });
    return result;
  }
}

/** A durable daily job on one replica at a time; the schedule is off when rows are kept forever. */
export function registerAuditPurgeJob(jobs: JobQueue, retention: AuditRetention, config: AuditConfig): void {
  jobs.register(AUDIT_PURGE_JOB, () => retention.purge({ detail: '定时清理' }), { concurrency: 1 });
  if (config.retention_days === 0) return;
  jobs.schedule({ key: AUDIT_PURGE_JOB, name: AUDIT_PURGE_JOB, data: {}, everyMs: DAY_MS });
}
