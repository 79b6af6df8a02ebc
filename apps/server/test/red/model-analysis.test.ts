import type { RedNoteDetail } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/lib/sql-rows';
import { rebuildAggregates } from '../../src/modules/red/daily-aggregates';
import { llmConfigSchema } from '../../src/services/llm';
import { tokenFor } from '../chat/helpers';
import { buildTestApp, type TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { getJson } from './helpers';

let fake: FakeUpstream;
let t: TestApp;
let staff: string;
const KEY = 'red-model-push-key-0000000';
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

/** Every daily aggregate row, to compare the incremental counts with a count from scratch. */
async function aggregates() {
  const out: unknown[] = [];
  for (const table of ['red_daily_counts', 'red_daily_scenes', 'red_daily_quality']) {
    out.push(await rows(t.app.db, sql.raw(`SELECT * FROM ${table} WHERE notes <> 0 ORDER BY 1, 2, 3, 4, 5`)));
  }
  return out;
}

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await buildTestApp({
    config: (c) => ({
      ...c,
      providers: llmConfigSchema.parse({
        endpoints: { fake: { baseUrl: fake.baseUrl, retries: 0, idleTimeoutMs: 5_000 } },
        tasks: { red: { provider: 'fake', model: 'red-model' } },
      }),
      red: {
        ...c.red,
        sample_data: false,
        push_sources: [{ source: 'vendor', key: KEY }],
        model_analysis: { batch_notes: 2, max_notes_per_run: 3, every_minutes: 10_080, max_chars: 600 },
      },
    }),
  });
  staff = await tokenFor(t, 'staff');
  const notes = [
    { note_id: 'm1', title: '面霜', content: '早八通勤前涂，保湿很好，就是价格有点高', published_at: at(1) },
    { note_id: 'm2', title: '咖啡', content: '记录一下今天的咖啡', published_at: at(2) },
    { note_id: 'm3', title: '洗面奶', content: '洗完很干', published_at: at(3) },
    { note_id: 'm4', title: '旧笔记', content: '还行', published_at: at(4) },
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/red/push?source=vendor',
    headers: { 'x-red-push-key': KEY },
    payload: { notes },
  });
  expect(res.json()).toMatchObject({ code: 0, data: { imported: 4 } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('red aspect-level sentiment by a configured model', () => {
  it('asks in bounded batches, stores each note’s answer once, and keeps the aggregates in step', async () => {
    const reply = (notes: object[]) => ({ tokens: ['```json\n', JSON.stringify({ notes }), '\n```'] });
    fake
      .next(
        reply([
          {
            i: 1,
            sentiment: 'negative',
            aspects: [
              { aspect: '保湿', polarity: 'positive', text: '保湿很好' },
              { aspect: '价格', polarity: 'negative', text: '价格有点高' },
            ],
            scenes: ['通勤上班', '不存在的场景'],
          },
          { i: 2, sentiment: 'neutral', aspects: [], scenes: [] },
        ]),
      )
      // The second batch answers badly twice: its note is marked failed, not asked again.
      .next({ tokens: ['好的，分析如下'] })
      .next({ tokens: ['{"notes": []}'] });
    expect(await t.app.red.modelAnalysis.run()).toBe(3);
    const requests = fake.chatRequests;
    expect(requests).toHaveLength(3);
    expect(requests[0]!.body.model).toBe('red-model');
    const asked = requests[0]!.body.messages!.at(-1)!.content;
    expect(asked).toContain('早八通勤前涂');
    expect(asked).not.toContain('洗完很干');
    expect(requests[2]!.body.messages!.at(-1)!.content).toContain('上一次的回复无法使用');

    const m1 = await getJson<RedNoteDetail>(t, staff, '/api/red/insight/article_detail', { note_id: 'm1' });
    expect(m1.data).toMatchObject({
      sentiment: 'negative',
      analysed_by: 'red-model',
      aspects: [
        { aspect: '保湿', polarity: 'positive', text: '保湿很好' },
        { aspect: '价格', polarity: 'negative', text: '价格有点高' },
      ],
    });
    expect(m1.data.scenes).toContain('通勤上班');
    expect(m1.data.scenes).not.toContain('不存在的场景');
    const m3 = await getJson<RedNoteDetail>(t, staff, '/api/red/insight/article_detail', { note_id: 'm3' });
    expect(m3.data).toMatchObject({ analysed_by: null, aspects: [] });

    // The aggregates followed the new verdicts: the same as counted from scratch.
    const counted = await aggregates();
    await rebuildAggregates(t.app.db, 'all');
    expect(await aggregates()).toEqual(counted);

    // The next run asks only about the note not yet asked.
    fake.next(reply([{ i: 1, sentiment: 'positive', aspects: [], scenes: [] }]));
    expect(await t.app.red.modelAnalysis.run()).toBe(1);
    expect(fake.chatRequests).toHaveLength(4);
    expect(fake.chatRequests[3]!.body.messages!.at(-1)!.content).toContain('还行');
    expect(await t.app.red.modelAnalysis.run()).toBe(0);

    // Analysing the notes offline again keeps the model's verdict.
    await t.app.red.reanalysis.run();
    const again = await getJson<RedNoteDetail>(t, staff, '/api/red/insight/article_detail', { note_id: 'm1' });
    expect(again.data.sentiment).toBe('negative');
  });
});
