import type { PortalConfig } from '../../config/schema';
import type { Db } from '../../db/client';
import { accessRules, apps, seededItems } from '../../db/schema';

/**
 * Copies the config's catalogue and rules into the database. Each entry is seeded once (tracked in
 * seeded_items), so administrators' later edits and deletions survive restarts while new config
 * entries still arrive. Answers whether anything new was written: the caller then moves the global
 * rights version, so every replica's cached app lists give way to the new entries.
 */
export async function seedFromConfig(db: Db, config: PortalConfig): Promise<boolean> {
  let changed = false;
  const seeded = new Set((await db.select().from(seededItems)).map((s) => `${s.kind}:${s.key}`));
  for (const app of config.apps) {
    if (seeded.has(`app:${app.app_key}`)) continue;
    changed = true;
    await db.transaction(async (tx) => {
      await tx
        .insert(apps)
        .values({
          appKey: app.app_key,
          appName: app.app_name,
          appIcon: app.app_icon,
          appUrl: app.app_url,
          description: app.description,
          typeTags: app.type_tags,
          sceneTags: app.scene_tags,
          order: app.order,
          enabled: app.enabled,
          owners: app.owners ?? [],
        })
        .onConflictDoNothing();
      await tx.insert(seededItems).values({ kind: 'app', key: app.app_key }).onConflictDoNothing();
    });
  }
  for (const rule of config.access_rules) {
    const subject = rule.subject_type === 'everyone' ? '*' : rule.subject;
    const key = `${rule.subject_type}|${subject}|${rule.app_key}`;
    if (seeded.has(`rule:${key}`)) continue;
    changed = true;
    await db.transaction(async (tx) => {
      await tx
        .insert(accessRules)
        .values({ subjectType: rule.subject_type, subject, appKey: rule.app_key, effect: rule.effect })
        .onConflictDoNothing();
      await tx.insert(seededItems).values({ kind: 'rule', key }).onConflictDoNothing();
    });
  }
  return changed;
}
