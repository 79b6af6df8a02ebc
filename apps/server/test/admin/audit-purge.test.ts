import { CONSOLE_API_PATHS, ErrorCode, type AuditPurgeResult } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/lib/sql-rows';
import { AUDIT_PURGE_JOB } from '../../src/services/audit/audit-retention';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

/**
 * The audit log keeps `audit.retention_days`; older rows go by a daily job or an administrator's
 * "purge now", each purge recording how many it removed. Nothing else may delete a row.
 */

const DAY_MS = 86_400_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ config: (c) => ({ ...c, audit: { retention_days: 30 } }) });
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
});
afterAll(async () => t?.close());

/** Appends a row dated `daysAgo` days back (inserting is what the log allows). */
async function rowAged(action: string, daysAgo: number): Promise<void> {
  await t.app.db.execute(
    sql`INSERT INTO audit_logs (action, at) VALUES (${action}, now() - ${daysAgo} * interval '1 day')`,
  );
}

async function actions(prefix: string): Promise<string[]> {
  const found = await rows<{ action: string }>(
    t.app.db,
    sql`SELECT action FROM audit_logs WHERE action LIKE ${`${prefix}%`} ORDER BY action`,
  );
  return found.map((r) => r.action);
}

async function purgeRows(detail: string): Promise<{ actor_login: string; after: AuditPurgeResult }[]> {
  return rows(
    t.app.db,
    sql`SELECT actor_login, after FROM audit_logs WHERE action = 'audit.purge' AND detail = ${detail} ORDER BY id`,
  );
}

describe('POST /api/admin/audit/purge', () => {
  it('removes only the rows older than the retention and leaves a row saying how many', async () => {
    await rowAged('test.manual.old-1', 45);
    await rowAged('test.manual.old-2', 31);
    await rowAged('test.manual.recent', 29);
    const res = await api(t, admin, { method: 'POST', url: CONSOLE_API_PATHS.auditPurge });
    expect(res.statusCode).toBe(200);
    const result = body<AuditPurgeResult>(res).data;
    expect(result.removed).toBe(2);
    expect(result.retention_days).toBe(30);
    expect(Date.parse(result.before ?? '')).toBeLessThan(Date.now() - 30 * DAY_MS + 60_000);
    expect(await actions('test.manual.')).toEqual(['test.manual.recent']);
    const [own] = await purgeRows('手动清理');
    expect(own?.actor_login).toBe('admin');
    expect(own?.after).toEqual(result);
  });

  it('is for administrators only', async () => {
    const staff = (await issueTokensFor(t, 'staff')).access_token.token;
    await rowAged('test.forbidden.old', 40);
    const res = await api(t, staff, { method: 'POST', url: CONSOLE_API_PATHS.auditPurge });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(ErrorCode.forbidden);
    expect(await actions('test.forbidden.')).toEqual(['test.forbidden.old']);
  });
});

describe('the append-only guard beside the purge', () => {
  it('still refuses any other delete, even one naming a cutoff for newer rows', async () => {
    await rowAged('test.guard.recent', 1);
    await expect(t.app.db.execute(sql`DELETE FROM audit_logs WHERE action = 'test.guard.recent'`)).rejects.toThrow();
    const withCutoff = (cutoff: string, statement: ReturnType<typeof sql>) =>
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('portal.audit_purge_before', ${cutoff}, true)`);
        await tx.execute(statement);
      });
    const old = new Date(Date.now() - 30 * DAY_MS).toISOString();
    await expect(withCutoff(old, sql`DELETE FROM audit_logs WHERE action = 'test.guard.recent'`)).rejects.toThrow();
    const now = new Date().toISOString();
    await expect(
      withCutoff(now, sql`UPDATE audit_logs SET detail = 'x' WHERE action = 'test.guard.recent'`),
    ).rejects.toThrow();
    await expect(withCutoff(now, sql`TRUNCATE audit_logs`)).rejects.toThrow();
    expect(await actions('test.guard.')).toEqual(['test.guard.recent']);
  });
});

describe('the daily purge job', () => {
  it('runs from the schedule, removes the old rows and records itself', async () => {
    await rowAged('test.job.old', 60);
    await rowAged('test.job.recent', 2);
    const { jobs } = t.app.services;
    // The first period a schedule is seen only starts its count; the next one queues the job.
    const now = Date.now();
    await jobs.runSchedules(now);
    expect(await jobs.runSchedules(now + DAY_MS)).toContain(AUDIT_PURGE_JOB);
    const deadline = Date.now() + 60_000;
    while ((await purgeRows('定时清理')).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [own] = await purgeRows('定时清理');
    // This one and the row the refused staff purge left behind.
    expect(own?.after.removed).toBe(2);
    expect(own?.actor_login).toBe('');
    expect(await actions('test.job.')).toEqual(['test.job.recent']);
  });
});
