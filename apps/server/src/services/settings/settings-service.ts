import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { announceGateChange } from '../rights/gate-changes';

export const GLOBAL_RIGHTS_VERSION_KEY = 'rights_version';

export class SettingsService {
  constructor(private readonly db: Db) {}

  async get(key: string): Promise<string | undefined> {
    const rows = await this.db.select().from(settings).where(eq(settings.key, key));
    return rows[0]?.value;
  }

  /** Stores `create()` unless a value exists; every replica ends up with the first one written. */
  async getOrCreate(key: string, create: () => string | Promise<string>): Promise<string> {
    const existing = await this.get(key);
    if (existing !== undefined) return existing;
    await this.db
      .insert(settings)
      .values({ key, value: await create() })
      .onConflictDoNothing();
    const stored = await this.get(key);
    if (stored === undefined) throw new Error(`setting ${key} could not be stored`);
    return stored;
  }

  async globalRightsVersion(): Promise<number> {
    return Number(await this.getOrCreate(GLOBAL_RIGHTS_VERSION_KEY, () => '0'));
  }

  async bumpGlobalRightsVersion(): Promise<void> {
    await this.getOrCreate(GLOBAL_RIGHTS_VERSION_KEY, () => '0');
    await this.db
      .update(settings)
      .set({ value: sql`(${settings.value}::integer + 1)::text` })
      .where(eq(settings.key, GLOBAL_RIGHTS_VERSION_KEY));
    announceGateChange('all');
  }
}
