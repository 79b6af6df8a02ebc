import { canonicalPersonName, type AccessRule } from '@portal/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PortalConfig } from '../../config/schema';
import type { Db } from '../../db/client';
import { accessRules, apps, identityLinks, users, type AccessRuleRow, type User } from '../../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import type { SettingsService } from '../settings/settings-service';
import { isAdministrator } from './admins';
import { mayOpen, type Principal } from './evaluate';
import { accountsNamed, type Account } from '../users/identity';
import { readLinked } from '../users/identity-links';
import { announceGateChange } from './gate-changes';

/**
 * Rights version scheme: a token carries `rv` = global version + the user's own version. The
 * global version moves when a change may affect everyone (catalogue edits, `everyone` rules); a
 * user's own version moves when a rule names that user or one of the user's groups. Both only
 * grow, so any relevant change makes every older token's `rv` smaller than the current one.
 */
export class RightsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly admins: PortalConfig['admins'],
  ) {}

  /** `linked`: the accounts an administrator linked to this one (from readLinked or the gate's read). */
  principalOf(user: PersonRow & Partial<Pick<User, 'departments'>>): Principal {
    return {
      login: user.login,
      subject: user.subject,
      provider: user.provider,
      linked: user.linked ?? [],
      groups: user.groups,
      departments: user.departments ?? [],
      isAdmin: this.isAdmin(user),
    };
  }

  /** principalOf with the user's linked accounts read first; `db` for a caller inside a transaction. */
  async principalFor(user: User, db: Db = this.db): Promise<Principal> {
    const linked = (await readLinked(db, [user.id])).get(user.id) ?? [];
    return this.principalOf({ ...user, linked });
  }

  isAdmin(user: PersonRow): boolean {
    return isAdministrator(this.admins, user);
  }

  async currentVersion(user: Pick<User, 'rightsVersion'>): Promise<number> {
    return (await this.globalVersion()) + user.rightsVersion;
  }

  /** The part of every user's rights version that catalogue changes and `everyone` rules move. */
  globalVersion(): Promise<number> {
    return this.settings.globalRightsVersion();
  }

  async rulesFor(appKeys?: string[]): Promise<AccessRule[]> {
    const rows = appKeys
      ? await this.db
          .select()
          .from(accessRules)
          .where(inArray(accessRules.appKey, [...appKeys, '*']))
      : await this.db.select().from(accessRules);
    return rows.map(toContract);
  }

  /** For the per-app gate on module APIs: the app must exist, be enabled, and be allowed. */
  async mayOpenApp(principal: Principal, appKey: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.appKey, appKey), eq(apps.enabled, true)));
    if (rows.length === 0) return false;
    return mayOpen(principal, appKey, await this.rulesFor([appKey]));
  }

  async listRules(): Promise<Array<AccessRule & { id: number }>> {
    const rows = await this.db.select().from(accessRules).orderBy(accessRules.id);
    return rows.map((r) => ({ ...toContract(r), id: r.id }));
  }

  async setRule(rule: AccessRule): Promise<void> {
    const subject = await this.storedSubject(rule);
    await this.db
      .insert(accessRules)
      .values({ subjectType: rule.subject_type, subject, appKey: rule.app_key, effect: rule.effect })
      .onConflictDoUpdate({
        target: [accessRules.subjectType, accessRules.subject, accessRules.appKey],
        set: { effect: rule.effect },
      });
    await this.bumpFor(rule.subject_type, subject);
  }

  async deleteRule(rule: Omit<AccessRule, 'effect'>): Promise<boolean> {
    const subject = await this.storedSubject(rule);
    const deleted = await this.db
      .delete(accessRules)
      .where(
        and(
          eq(accessRules.subjectType, rule.subject_type),
          eq(accessRules.subject, subject),
          eq(accessRules.appKey, rule.app_key),
        ),
      )
      .returning({ id: accessRules.id });
    if (deleted.length > 0) await this.bumpFor(rule.subject_type, subject);
    return deleted.length > 0;
  }

  async bumpGlobal(): Promise<void> {
    await this.settings.bumpGlobalRightsVersion();
  }

  async bumpUser(userId: number): Promise<void> {
    await this.db
      .update(users)
      .set({ rightsVersion: sql`${users.rightsVersion} + 1` })
      .where(eq(users.id, userId));
    announceGateChange(userId);
  }

  /**
   * The subject as stored: `*` for everyone; for a person, the spelling of a stored rule on the same
   * app that names the same person (`staff` and `oidc:staff` are one person), so setting replaces
   * that rule instead of adding a second one beside it.
   */
  private async storedSubject(rule: Pick<AccessRule, 'subject_type' | 'subject' | 'app_key'>): Promise<string> {
    if (rule.subject_type === 'everyone') return '*';
    if (rule.subject_type !== 'user') return rule.subject;
    const wanted = canonicalPersonName(rule.subject);
    const same = await this.db
      .select({ subject: accessRules.subject })
      .from(accessRules)
      .where(and(eq(accessRules.subjectType, 'user'), eq(accessRules.appKey, rule.app_key)));
    return same.find((r) => canonicalPersonName(r.subject) === wanted)?.subject ?? rule.subject;
  }

  /** Ids of the accounts linked to the accounts a name denotes: a rule naming one covers them all. */
  private linkedTo(name: string) {
    const mine = alias(identityLinks, 'mine');
    return this.db
      .select({ id: identityLinks.userId })
      .from(identityLinks)
      .innerJoin(mine, eq(mine.personId, identityLinks.personId))
      .innerJoin(users, eq(users.id, mine.userId))
      .where(accountsNamed(name));
  }

  private async bumpFor(subjectType: AccessRule['subject_type'], subject: string): Promise<void> {
    if (subjectType === 'everyone') return this.bumpGlobal();
    const match =
      subjectType === 'user'
        ? or(accountsNamed(subject), inArray(users.id, this.linkedTo(subject)))
        : subjectType === 'department'
          ? sql`${users.departments} @> ${JSON.stringify([subject])}::jsonb`
          : sql`${users.groups} @> ${JSON.stringify([subject])}::jsonb`;
    await this.db
      .update(users)
      .set({ rightsVersion: sql`${users.rightsVersion} + 1` })
      .where(match);
    announceGateChange('all');
  }
}

/** An account as the rights checks read it, with the accounts linked to it when known. */
export type PersonRow = Pick<User, 'login' | 'subject' | 'provider' | 'groups'> & { linked?: readonly Account[] };

function toContract(r: AccessRuleRow): AccessRule {
  return { subject_type: r.subjectType, subject: r.subject, app_key: r.appKey, effect: r.effect };
}
