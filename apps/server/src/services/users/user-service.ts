import { ErrorCode, ErrorMessage, type AccountInfo, type AppListEntry, type IdentityProvider } from '@portal/contract';
import { AppError } from '../../errors/app-error';
import type { Account } from './identity';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { identityLinks, users, type User } from '../../db/schema';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { RightsService } from '../rights/rights-service';
import { announceGateChange } from '../rights/gate-changes';

export interface IdentityClaims {
  /** Where the person signed in; absent means OIDC (the built-in provider included). */
  provider?: IdentityProvider;
  subject: string;
  login: string;
  userName: string;
  email: string;
  mobile: string;
  avatar: string;
  groups: string[];
}

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly rights: RightsService,
    private readonly catalogue: CatalogueService,
  ) {}

  async findById(id: number): Promise<User | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.id, id));
    return rows[0];
  }

  async findByLogin(login: string): Promise<User | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.login, login));
    return rows[0];
  }

  /**
   * Creates or refreshes the user from the identity provider's claims. A change of groups moves the
   * user's rights version so that the user's other sessions pick up the new app list.
   */
  async upsertFromClaims(claims: IdentityClaims): Promise<User> {
    const provider = claims.provider ?? 'oidc';
    const existing = (await this.db.select().from(users).where(eq(users.subject, claims.subject)))[0];
    // Subjects are unique across providers; an OIDC `sub` that spells a workplace account's
    // subject (`wecom:admin`) must not sign in as that account.
    if (existing && existing.provider !== provider) throw new AppError(ErrorCode.forbidden, ErrorMessage.identityTaken);
    const groups = [...new Set(claims.groups)].sort();
    const values = {
      login: claims.login,
      userName: claims.userName,
      email: claims.email,
      mobile: claims.mobile,
      avatar: claims.avatar,
      groups,
      lastLoginAt: new Date(),
    };
    if (!existing) {
      const [row] = await this.db
        .insert(users)
        .values({ subject: claims.subject, provider, ...values })
        .onConflictDoUpdate({ target: users.subject, set: values })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      if (row.provider !== provider) throw new AppError(ErrorCode.forbidden, ErrorMessage.identityTaken);
      announceGateChange(row.id);
      return row;
    }
    const groupsChanged = JSON.stringify(existing.groups) !== JSON.stringify(groups);
    const [row] = await this.db
      .update(users)
      .set({ ...values, ...(groupsChanged ? { rightsVersion: sql`${users.rightsVersion} + 1` } : {}) })
      .where(eq(users.id, existing.id))
      .returning();
    if (!row) throw new Error('user update returned nothing');
    announceGateChange(row.id);
    if (existing.login !== row.login) await this.refreshLinkedTo(row.id);
    return row;
  }

  /**
   * A renamed account answers to other names, for the accounts linked to it as well: their rights
   * version moves, which also drops their cached reads on every replica.
   */
  private async refreshLinkedTo(userId: number): Promise<void> {
    const mine = alias(identityLinks, 'mine');
    const partners = await this.db
      .update(users)
      .set({ rightsVersion: sql`${users.rightsVersion} + 1` })
      .where(
        inArray(
          users.id,
          this.db
            .select({ id: identityLinks.userId })
            .from(identityLinks)
            .innerJoin(mine, eq(mine.personId, identityLinks.personId))
            .where(and(eq(mine.userId, userId), ne(identityLinks.userId, userId))),
        ),
      )
      .returning({ id: users.id });
    partners.forEach((p) => announceGateChange(p.id));
  }

  /**
   * `appList` and `linked` when the caller already has them (the auth gate's cached list and read
   * for this request).
   */
  async accountInfo(user: User, appList?: AppListEntry[], linked?: Account[]): Promise<AccountInfo> {
    const principal = linked ? this.rights.principalOf({ ...user, linked }) : await this.rights.principalFor(user);
    return {
      id: user.id,
      user_name: user.userName,
      mobile: user.mobile,
      email: user.email,
      avatar: user.avatar,
      is_admin: principal.isAdmin,
      app_list: appList ?? (await this.catalogue.listFor(principal)),
    };
  }

  async list(): Promise<User[]> {
    return this.db.select().from(users).orderBy(asc(users.id));
  }
}
