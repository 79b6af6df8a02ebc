import { describe, expect, it } from 'vitest';
import { groupApps, sceneTagsOf } from '../../src/features/catalogue/utils/group-apps';
import { appEntry } from '../../src/testing/fixtures';

describe('catalogue grouping', () => {
  const apps = [
    appEntry({ app_key: 'a', app_name: 'ChatGPT', type_tags: ['通用工具'], scene_tags: ['写作'], order: 2 }),
    appEntry({ app_key: 'b', app_name: '报告', type_tags: ['国内业务', '全球业务'], scene_tags: ['分析'], order: 1 }),
    appEntry({ app_key: 'c', app_name: '杂项', type_tags: [], scene_tags: ['写作'] }),
  ];

  it('groups by type tag in catalogue order, untagged under 其他', () => {
    expect(groupApps(apps, '全部', '').map((g) => [g.tag, g.apps.map((a) => a.app_key)])).toEqual([
      ['国内业务', ['b']],
      ['全球业务', ['b']],
      ['通用工具', ['a']],
      ['其他', ['c']],
    ]);
  });

  it('filters by scene and by name', () => {
    expect(groupApps(apps, '写作', '').flatMap((g) => g.apps.map((a) => a.app_key))).toEqual(['a', 'c']);
    expect(groupApps(apps, '全部', 'chat').flatMap((g) => g.apps.map((a) => a.app_key))).toEqual(['a']);
    expect(groupApps(apps, '全部', 'zzz')).toEqual([]);
    expect(sceneTagsOf(apps)).toEqual(['写作', '分析']);
  });
});
