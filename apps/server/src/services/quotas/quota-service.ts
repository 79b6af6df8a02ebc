import { canonicalPersonName, type QuotaRule, type QuotaRuleView } from '@portal/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, quotaRules, users, type QuotaRuleRow } from '../../db/schema';
import type { RightsService } from '../rights/rights-service';
import { resolveQuota } from './resolve';
import { NotifiedCache } from '../cache/notified-cache';
import { announceLocalChange } from '../cache/local-changes';

/** The NOTIFY channel of the trigger on quota_rules (payload: the quota key). */
export const QUOTA_RULES_CHANNEL = 'portal_quota_rules';

/** The quota that applies to a person in a module: a rule's, or none (the configured default applies). */
export interface AppliedQuota {
  /** Null: unlimited. */
  limit: number | null;
  period: QuotaRule['period'];
  rule: QuotaRuleView;
}

/** Quota rules by person, group, department or everyone, and which one applies to whom. */
export class QuotaService {
  constructor(
    private readonly db: Db,
    private readonly rights: RightsService,
  ) {}

  /** The rules of each quota key, read once per change rather than on every ask. */
  readonly cache = new NotifiedCache<QuotaRuleView[]>(QUOTA_RULES_CHANNEL);

  async list(): Promise<QuotaRuleView[]> {
    const rows = await this.db.select().from(quotaRules).orderBy(asc(quotaRules.quotaKey), asc(quotaRules.id));
    return rows.map(toView);
  }

  async find(id: number): Promise<QuotaRuleView | undefined> {
    const [row] = await this.db.select().from(quotaRules).where(eq(quotaRules.id, id));
    return row ? toView(row) : undefined;
  }

  async findBySubject(
    rule: Pick<QuotaRule, 'subject_type' | 'subject' | 'module'>,
  ): Promise<QuotaRuleView | undefined> {
    const rows = await this.db
      .select()
      .from(quotaRules)
      .where(and(eq(quotaRules.subjectType, rule.subject_type), eq(quotaRules.quotaKey, rule.module)));
    // A person is the same person bare or with `oidc:` (users/identity.ts), so both find one rule.
    const same =
      rule.subject_type === 'user'
        ? (subject: string) => canonicalPersonName(subject) === canonicalPersonName(rule.subject)
        : (subject: string) => subject === subjectOf(rule);
    const row = rows.find((r) => same(r.subject));
    return row ? toView(row) : undefined;
  }

  /** Creates the rule, or replaces the limit and period of the one with the same subject and module. */
  async set(rule: QuotaRule): Promise<QuotaRuleView> {
    const values = {
      subjectType: rule.subject_type,
      // The stored spelling of a rule naming the same person replaces that rule, not a second one.
      subject: (await this.findBySubject(rule))?.subject ?? subjectOf(rule),
      quotaKey: rule.module,
      limit: rule.limit,
      period: rule.period,
      updatedAt: new Date(),
    };
    const [row] = await this.db
      .insert(quotaRules)
      .values(values)
      .onConflictDoUpdate({
        target: [quotaRules.subjectType, quotaRules.subject, quotaRules.quotaKey],
        set: { limit: values.limit, period: values.period, updatedAt: values.updatedAt },
      })
      .returning();
    announceLocalChange(QUOTA_RULES_CHANNEL, values.quotaKey);
    return toView(row!);
  }

  async remove(id: number): Promise<QuotaRuleView | undefined> {
    const [row] = await this.db.delete(quotaRules).where(eq(quotaRules.id, id)).returning();
    if (row) announceLocalChange(QUOTA_RULES_CHANNEL, row.quotaKey);
    return row ? toView(row) : undefined;
  }

  /** The rule that applies to the user in the module; undefined when none does or the user is unknown. */
  async appliedTo(userId: number, quotaKey: string, db: Db = this.db): Promise<AppliedQuota | undefined> {
    // Read through the caller's `db`: inside a transaction on PGlite's single connection, a read on
    // another handle would wait for that transaction forever.
    const rules = await this.cache.get(quotaKey, async () =>
      (await db.select().from(quotaRules).where(eq(quotaRules.quotaKey, quotaKey))).map(toView),
    );
    if (rules.length === 0) return undefined;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    const principal = await this.rights.principalFor(user, db);
    const named = rules.filter((r) => r.subject_type === 'department' && principal.departments?.includes(r.subject));
    const depth =
      named.length > 1
        ? await this.depths(
            db,
            named.map((r) => r.subject),
          )
        : new Map<string, number>();
    const rule = resolveQuota(principal, quotaKey, rules, (key) => depth.get(key) ?? 0);
    return rule ? { limit: rule.limit, period: rule.period, rule } : undefined;
  }

  /** Depth of each given department in its provider's tree, walking up the synced parents. */
  private async depths(db: Db, keys: string[]): Promise<Map<string, number>> {
    const providers = [...new Set(keys.map((k) => k.split(':')[0] ?? ''))];
    const rows = await db
      .select({ key: departments.key, parentKey: departments.parentKey })
      .from(departments)
      .where(inArray(departments.provider, providers));
    const parent = new Map(rows.map((r) => [r.key, r.parentKey]));
    return new Map(
      keys.map((key) => {
        let depth = 0;
        const seen = new Set<string>([key]);
        for (let cur = parent.get(key); cur && !seen.has(cur); cur = parent.get(cur)) {
          seen.add(cur);
          depth++;
        }
        return [key, depth];
      }),
    );
  }
}

const subjectOf = (rule: Pick<QuotaRule, 'subject_type' | 'subject'>) =>
  rule.subject_type === 'everyone' ? '*' : rule.subject;

function toView(row: QuotaRuleRow): QuotaRuleView {
  return {
    id: row.id,
    subject_type: row.subjectType,
    subject: row.subject,
    module: row.quotaKey,
    limit: row.limit,
    period: row.period,
    updated_at: row.updatedAt.toISOString(),
  };
}
