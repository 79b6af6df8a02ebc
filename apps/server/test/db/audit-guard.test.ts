import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/lib/sql-rows';
import { installAppendOnlyGuard } from '../../src/services/audit/audit-service';
import { migratedTestDatabase } from '../helper';

const database = migratedTestDatabase();

/** The catalogue row's version: CREATE OR REPLACE gives the function a new one even when unchanged. */
async function guardVersion(): Promise<string | undefined> {
  const [row] = await rows<{ version: string }>(
    database.db,
    sql`SELECT xmin::text AS version FROM pg_proc WHERE proname = 'audit_logs_append_only'`,
  );
  return row?.version;
}

async function triggerNames(): Promise<string[]> {
  const found = await rows<{ name: string }>(
    database.db,
    sql`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = 'audit_logs'::regclass ORDER BY tgname`,
  );
  return found.map((r) => r.name);
}

describe('the audit log append-only guard on start', () => {
  it('leaves a guard that is in place untouched', async () => {
    await installAppendOnlyGuard(database.db);
    const installed = await guardVersion();
    expect(installed).toBeDefined();
    await installAppendOnlyGuard(database.db);
    expect(await guardVersion()).toBe(installed);
  });

  it('puts back a trigger that went missing, and refuses changes again', async () => {
    await database.db.execute(sql`DROP TRIGGER audit_logs_no_change ON audit_logs`);
    await database.db.execute(sql`INSERT INTO audit_logs (action) VALUES ('test.guard')`);
    await installAppendOnlyGuard(database.db);
    expect(await triggerNames()).toEqual(['audit_logs_no_change', 'audit_logs_no_truncate']);
    await expect(database.db.execute(sql`DELETE FROM audit_logs`)).rejects.toThrow();
  });

  it('replaces a function whose body differs', async () => {
    await database.db.execute(sql`
      CREATE OR REPLACE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN OLD; END $$`);
    await installAppendOnlyGuard(database.db);
    const refused = await database.db.execute(sql`UPDATE audit_logs SET target = 'x'`).then(
      () => undefined,
      (err: unknown) => err as Error & { cause?: Error },
    );
    // The database's own message, under the driver's wrapper.
    expect(refused?.cause?.message).toMatch(/append-only/);
  });
});
