import type { AppDefinition, AppListEntry } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps, type App } from '../../db/schema';
import { mayOpen, type Principal } from '../rights/evaluate';
import type { RightsService } from '../rights/rights-service';

export class CatalogueService {
  constructor(
    private readonly db: Db,
    private readonly rights: RightsService,
  ) {}

  async listAll(): Promise<App[]> {
    return this.db.select().from(apps).orderBy(asc(apps.order), asc(apps.id));
  }

  async findEnabled(appKey: string): Promise<App | undefined> {
    const rows = await this.db.select().from(apps).where(eq(apps.appKey, appKey));
    const app = rows[0];
    return app?.enabled ? app : undefined;
  }

  /** Every enabled app with be_authorized computed for the principal, in catalogue order. */
  async listFor(principal: Principal): Promise<AppListEntry[]> {
    const [all, rules] = await Promise.all([this.listAll(), this.rights.rulesFor()]);
    return all.filter((a) => a.enabled).map((a) => toEntry(a, mayOpen(principal, a.appKey, rules)));
  }

  async entryFor(principal: Principal, appKey: string): Promise<AppListEntry | undefined> {
    const app = await this.findEnabled(appKey);
    if (!app) return undefined;
    return toEntry(app, mayOpen(principal, appKey, await this.rights.rulesFor([appKey])));
  }

  async upsert(def: AppDefinition): Promise<App> {
    const values = {
      appName: def.app_name,
      appIcon: def.app_icon,
      appUrl: def.app_url,
      description: def.description,
      typeTags: def.type_tags,
      sceneTags: def.scene_tags,
      order: def.order,
      enabled: def.enabled,
      owners: def.owners ?? [],
      updatedAt: new Date(),
    };
    const [row] = await this.db
      .insert(apps)
      .values({ appKey: def.app_key, ...values })
      .onConflictDoUpdate({ target: apps.appKey, set: values })
      .returning();
    await this.rights.bumpGlobal();
    if (!row) throw new Error('app upsert returned nothing');
    return row;
  }

  async remove(appKey: string): Promise<boolean> {
    const deleted = await this.db.delete(apps).where(eq(apps.appKey, appKey)).returning({ id: apps.id });
    if (deleted.length > 0) await this.rights.bumpGlobal();
    return deleted.length > 0;
  }
}

export function toEntry(a: App, beAuthorized: boolean): AppListEntry {
  return {
    id: a.id,
    app_key: a.appKey,
    app_name: a.appName,
    app_icon: a.appIcon,
    app_url: a.appUrl,
    description: a.description,
    be_authorized: beAuthorized,
    type_tags: a.typeTags,
    scene_tags: a.sceneTags,
    order: a.order,
  };
}
