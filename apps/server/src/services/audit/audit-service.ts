import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs, users, type AuditLog } from '../../db/schema';
import { rows } from '../../lib/sql-rows';

export interface AuditEntry {
  actorId?: number | null;
  actorLogin?: string;
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
  detail?: string;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

/** Keeps a row from growing without bound when a caller hands over something large. */
const MAX_JSON_CHARS = 20_000;

function bounded(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value);
  if (json === undefined) return null;
  return json.length > MAX_JSON_CHARS ? { truncated: true, preview: json.slice(0, 2000) } : value;
}

/**
 * The audit log. There is deliberately no update or delete here: rows are only appended and read.
 * On start `installAppendOnlyGuard` adds a trigger so the database refuses changes too; the one
 * way out is the retention purge (`audit-retention.ts`), which may delete only rows older than
 * the cutoff it names for its own transaction.
 */
export class AuditService {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntry): Promise<void> {
    let actorLogin = entry.actorLogin ?? '';
    if (!actorLogin && entry.actorId) {
      const rows = await this.db.select({ login: users.login }).from(users).where(eq(users.id, entry.actorId));
      actorLogin = rows[0]?.login ?? '';
    }
    await this.db.insert(auditLogs).values({
      actorId: entry.actorId ?? null,
      actorLogin: actorLogin.slice(0, 200),
      action: entry.action,
      target: (entry.target ?? '').slice(0, 500),
      before: bounded(entry.before),
      after: bounded(entry.after),
      ip: (entry.ip ?? '').slice(0, 100),
      detail: (entry.detail ?? '').slice(0, 1000),
    });
  }

  async page(filter: AuditFilter, page: number, pageSize: number): Promise<{ list: AuditLog[]; total: number }> {
    const where = this.where(filter);
    const [list, counted] = await Promise.all([
      this.db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(desc(auditLogs.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLogs)
        .where(where),
    ]);
    return { list, total: counted[0]?.n ?? 0 };
  }

  /** Newest first, at most `limit` rows (an export is bounded). */
  async all(filter: AuditFilter, limit: number): Promise<AuditLog[]> {
    return this.db.select().from(auditLogs).where(this.where(filter)).orderBy(desc(auditLogs.id)).limit(limit);
  }

  private where(f: AuditFilter): SQL | undefined {
    const parts: SQL[] = [];
    if (f.actor) parts.push(eq(auditLogs.actorLogin, f.actor));
    if (f.action) parts.push(eq(auditLogs.action, f.action));
    if (f.from) parts.push(gte(auditLogs.at, f.from));
    if (f.to) parts.push(lt(auditLogs.at, f.to));
    return parts.length > 0 ? and(...parts) : undefined;
  }
}

/**
 * Set with `set_config(…, true)` (for one transaction only) by the retention purge: the guard lets
 * that transaction delete rows strictly older than this timestamp, and nothing else.
 */
export const AUDIT_PURGE_BEFORE_SETTING = 'portal.audit_purge_before';

/** The guard's function body; a start finds it in place when the stored one is exactly this. */
const GUARD_BODY = `
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF OLD.at < nullif(current_setting('${AUDIT_PURGE_BEFORE_SETTING}', true), '')::timestamptz THEN
          RETURN OLD;
        END IF;
      END IF;
      RAISE EXCEPTION 'audit_logs is append-only';
    END
    `;
const GUARD_TRIGGERS = ['audit_logs_no_change', 'audit_logs_no_truncate'] as const;

/**
 * A trigger that refuses UPDATE, DELETE and TRUNCATE on audit_logs. Ensured on every start, so it
 * also survives migrations being regenerated. Works on PGlite and PostgreSQL. Replacing it when
 * it is already there rewrote the catalogue and loaded the PL/pgSQL engine on each start (a tenth
 * of the embedded database's restart), so that happens only when something is missing or changed;
 * a new trigger definition therefore comes with a new trigger name or a new body.
 */
export async function installAppendOnlyGuard(db: Db): Promise<void> {
  if (await guardInPlace(db)) return;
  try {
    await createGuard(db);
  } catch (err) {
    // Two replicas starting at once can collide on CREATE OR REPLACE; the other one installed it.
    if (!(await guardInPlace(db))) throw err;
  }
}

async function guardInPlace(db: Db): Promise<boolean> {
  // Looked up from the table's triggers: a few index probes, no scan of the function catalogue.
  const found = await rows<{ name: string; body: string }>(
    db,
    sql`SELECT t.tgname AS name, p.prosrc AS body
        FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE t.tgrelid = 'audit_logs'::regclass AND p.proname = 'audit_logs_append_only'`,
  );
  return GUARD_TRIGGERS.every((name) => found.some((t) => t.name === name && t.body === GUARD_BODY));
}

async function createGuard(db: Db): Promise<void> {
  await db.execute(
    sql.raw(
      `CREATE OR REPLACE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$${GUARD_BODY}$$`,
    ),
  );
  await db.execute(sql`
    CREATE OR REPLACE TRIGGER audit_logs_no_change BEFORE UPDATE OR DELETE ON audit_logs
    FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()`);
  await db.execute(sql`
    CREATE OR REPLACE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
    FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only()`);
}

/** One CSV line per row; fields quoted, and a leading = + - @ neutralised against spreadsheet formulas. */
export function auditCsv(rows: AuditLog[]): string {
  const cell = (v: unknown): string => {
    let s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replaceAll('"', '""')}"`;
  };
  const header = ['id', 'at', 'actor', 'action', 'target', 'before', 'after', 'ip', 'detail'];
  const lines = rows.map((r) =>
    [r.id, r.at.toISOString(), r.actorLogin, r.action, r.target, r.before, r.after, r.ip, r.detail].map(cell).join(','),
  );
  // The BOM lets spreadsheet programs read the Chinese text as UTF-8.
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
