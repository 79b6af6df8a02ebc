import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Whether the database already has the newest migration of the journal. The migrator itself
 * re-reads and hashes every file and issues its CREATE … IF NOT EXISTS statements on each start;
 * this one query lets a restart with nothing to apply skip all of that. Any doubt (no table yet,
 * an unreadable journal) answers false, and the migrator runs as before.
 */
export async function migrationsCurrent(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  migrationsFolder: string,
): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    const newest = Math.max(...journal.entries.map((e) => e.when));
    if (!Number.isFinite(newest)) return false;
    const result = (await db.execute(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ newest: string | number | null }> };
    const applied = Number(result.rows[0]?.newest ?? NaN);
    return Number.isFinite(applied) && applied >= newest;
  } catch {
    return false;
  }
}
