import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';

const keyOf = (appKey: string) => `app_secret:${appKey}`;

/**
 * The secret an external app redeems one-time codes with. It starts as the config file's `secret`;
 * once an administrator rotates it, only the new one works. The database keeps its SHA-256 only,
 * and the new secret is shown once, to the administrator who rotated it.
 */
export class AppSecretService {
  constructor(
    private readonly db: Db,
    private readonly configSecrets: ReadonlyMap<string, string>,
  ) {}

  async rotate(appKey: string): Promise<string> {
    const secret = randomToken(32);
    const value = sha256(secret);
    await this.db
      .insert(settings)
      .values({ key: keyOf(appKey), value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    return secret;
  }

  async verify(appKey: string, presented: string): Promise<boolean> {
    const rows = await this.db
      .select()
      .from(settings)
      .where(eq(settings.key, keyOf(appKey)));
    const rotated = rows[0]?.value;
    if (rotated !== undefined) return safeEqual(sha256(presented), rotated);
    const configured = this.configSecrets.get(appKey);
    // Compare even when the app has no secret so timing does not reveal which app keys exist.
    return safeEqual(presented, configured ?? '\u0000no-secret') && configured !== undefined;
  }
}
