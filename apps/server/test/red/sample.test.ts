import type { RedProject, RedTopicList } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleNotes } from '../../src/modules/red/sample-data';
import { tokenFor } from '../chat/helpers';
import type { TestApp } from '../helper';
import { buildRedApp, getJson } from './helpers';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await buildRedApp(600);
  staff = await tokenFor(t, 'staff');
});
afterAll(async () => {
  await t?.close();
});

describe('red sample data', () => {
  it('is the same every time it is generated', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(generateSampleNotes(50, now)).toEqual(generateSampleNotes(50, now));
  });

  it('fills a fresh install with labelled categories, notes and topics', async () => {
    let projects: RedProject[] = [];
    for (let i = 0; i < 300; i++) {
      projects = (await getJson<RedProject[]>(t, staff, '/api/red/project/list')).data;
      if (projects.length === 2 && projects.every((p) => p.note_count > 0)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(projects.map((p) => p.name)).toEqual(['美妆护肤（示例数据）', '咖啡茶饮（示例数据）']);
    expect(projects.every((p) => p.is_sample)).toBe(true);
    // Wait for the last batch, then look at the ranking.
    let topics: RedTopicList = { list: [], total: 0 };
    for (let i = 0; i < 100; i++) {
      topics = (await getJson<RedTopicList>(t, staff, '/api/red/rank/topic_list', { time: '7d' })).data;
      if (topics.total >= 5) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(topics.list.length).toBeGreaterThan(3);
    const newest = await getJson<RedTopicList>(t, staff, '/api/red/rank/topic_list', { sort: 'newest', time: '7d' });
    expect(newest.data.list.map((r) => r.topic)).toEqual(['新品测评']);
  });
});
