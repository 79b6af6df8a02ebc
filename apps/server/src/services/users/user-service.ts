import type { AccountInfo, AppListEntry } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { RightsService } from '../rights/rights-service';
import { announceGateChange } from '../rights/gate-changes';

export interface IdentityClaims {
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
    const existing = (await this.db.select().from(users).where(eq(users.subject, claims.subject)))[0];
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
        .values({ subject: claims.subject, ...values })
        .onConflictDoUpdate({ target: users.subject, set: values })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
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
    return row;
  }

  /** `appList` when the caller already has it (the auth gate's cached list for this request). */
  async accountInfo(user: User, appList?: AppListEntry[]): Promise<AccountInfo> {
    const principal = this.rights.principalOf(user);
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
