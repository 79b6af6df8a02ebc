import type { AccessRule } from '@portal/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PortalConfig } from '../../config/schema';
import type { Db } from '../../db/client';
import { accessRules, apps, users, type AccessRuleRow, type User } from '../../db/schema';
import type { SettingsService } from '../settings/settings-service';
import { isAdministrator } from './admins';
import { mayOpen, type Principal } from './evaluate';
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

  principalOf(user: Pick<User, 'login' | 'subject' | 'groups'> & Partial<Pick<User, 'departments'>>): Principal {
    return {
      login: user.login,
      subject: user.subject,
      groups: user.groups,
      departments: user.departments ?? [],
      isAdmin: this.isAdmin(user),
    };
  }

  isAdmin(user: Pick<User, 'login' | 'subject' | 'groups'>): boolean {
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
    const subject = rule.subject_type === 'everyone' ? '*' : rule.subject;
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
    const subject = rule.subject_type === 'everyone' ? '*' : rule.subject;
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

  private async bumpFor(subjectType: AccessRule['subject_type'], subject: string): Promise<void> {
    if (subjectType === 'everyone') return this.bumpGlobal();
    const match =
      subjectType === 'user'
        ? or(eq(users.login, subject), eq(users.subject, subject))
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

function toContract(r: AccessRuleRow): AccessRule {
  return { subject_type: r.subjectType, subject: r.subject, app_key: r.appKey, effect: r.effect };
}
