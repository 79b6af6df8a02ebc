import type { AppListEntry } from '@portal/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings, users, type User } from '../../db/schema';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { RightsService } from './rights-service';
import { GLOBAL_RIGHTS_VERSION_KEY } from '../settings/settings-service';
import { VersionedCache } from './versioned-cache';
import { NotifiedCache } from '../cache/notified-cache';
import { GATE_CHANNEL } from './gate-changes';
import type { Account } from '../users/identity';
import { linkedAccountsSql } from '../users/identity-links';

/** What the gate read for one request: the user row and the global rights version beside it. */
export interface GateRead {
  user: User;
  globalVersion: number;
  /** The accounts an administrator linked to the user (rules naming them cover the user too). */
  linked: Account[];
}

/**
 * The auth gate's reads. The user row with the global rights version beside it is one query, kept
 * per process until a change to either is heard (cache/notified-cache.ts), so a rule or catalogue
 * change made on any replica is seen by the next call on every other one without a read per call.
 * What follows from that pair — the user's app list with be_authorized — is
 * cached per process under (user, global version, user version): both versions only grow and
 * every change that can alter the list moves one of them, so an entry is never stale, only
 * unused. Nothing in it is needed by another replica; a miss just reads the catalogue again.
 */
export class RightsGate {
  private readonly lists: VersionedCache<AppListEntry[]>;
  private readonly readUser;
  /** Started and stopped with the server (services plugin). */
  readonly cache = new NotifiedCache<GateRead | undefined>(GATE_CHANNEL);

  constructor(
    db: Db,
    private readonly rights: RightsService,
    private readonly catalogue: CatalogueService,
    maxEntries = 10_000,
  ) {
    this.lists = new VersionedCache(maxEntries);
    // Prepared once: the statement text and its plan are not rebuilt per request.
    this.readUser = db
      .select({
        ...getTableColumns(users),
        globalVersion: sql<
          string | null
        >`(select ${settings.value} from ${settings} where ${settings.key} = ${GLOBAL_RIGHTS_VERSION_KEY})`,
        linked: linkedAccountsSql(),
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('rights_gate_read_user');
  }

  /** The user and the global version; undefined when the user does not exist. Shared: never mutate. */
  read(userId: number): Promise<GateRead | undefined> {
    return this.cache.get(String(userId), () => this.readFromDatabase(userId));
  }

  /** One round trip. */
  private async readFromDatabase(userId: number): Promise<GateRead | undefined> {
    const [row] = await this.readUser.execute({ id: userId });
    if (!row) return undefined;
    const { globalVersion, linked, ...user } = row;
    // No stored version yet reads as 0, the value it is created with.
    return { user, globalVersion: Number(globalVersion ?? 0), linked: linked ?? [] };
  }

  /** Every enabled app with be_authorized for this user, as of the versions just read. */
  appsFor(read: GateRead): Promise<AppListEntry[]> {
    const { user, globalVersion } = read;
    return this.lists.get(`${user.id}:${globalVersion}:${user.rightsVersion}`, () =>
      this.catalogue.listFor(this.rights.principalOf({ ...user, linked: read.linked })),
    );
  }

  /** The per-app gate on module APIs: the app must exist, be enabled, and be allowed. */
  async mayOpenApp(read: GateRead, appKey: string): Promise<boolean> {
    return (await this.appsFor(read)).some((a) => a.app_key === appKey && a.be_authorized);
  }
}
