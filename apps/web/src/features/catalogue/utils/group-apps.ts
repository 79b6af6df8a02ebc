import { TYPE_TAGS, type AppListEntry } from '@portal/contract';

export const OTHER_GROUP = '其他';
export const ALL_SCENES = '全部';

export interface AppGroup {
  tag: string;
  apps: AppListEntry[];
}

export function sceneTagsOf(apps: readonly AppListEntry[]): string[] {
  return [...new Set(apps.flatMap((app) => app.scene_tags))];
}

/** Filters by scene and name, then groups by type tag in catalogue order; untagged apps go under 其他. */
export function groupApps(apps: readonly AppListEntry[], scene: string, search: string): AppGroup[] {
  const query = search.trim().toLowerCase();
  const visible = apps
    .filter((app) => scene === ALL_SCENES || app.scene_tags.includes(scene))
    .filter((app) => !query || app.app_name.toLowerCase().includes(query))
    .sort((a, b) => a.order - b.order);
  const tags: string[] = [...TYPE_TAGS, OTHER_GROUP];
  return tags
    .map((tag) => ({
      tag,
      apps: visible.filter((app) => {
        const own = app.type_tags.filter((t) => (TYPE_TAGS as readonly string[]).includes(t));
        return tag === OTHER_GROUP ? own.length === 0 : own.includes(tag);
      }),
    }))
    .filter((group) => group.apps.length > 0);
}
