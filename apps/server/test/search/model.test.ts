import type { SearchResult, SearchSummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmConfigSchema } from '../../src/services/llm';
import type { TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { startFakeWeb, type FakeWeb } from './fake-web';
import { buildSearchApp, getS, postS, signInSearch, startRun, waitRun, type SearchCallerTokens } from './helpers';

/** The page size limit of this run's fetcher, far below the huge page's 96 MB. */
const HUGE_PAGE_LIMIT = 20_000;

/** With a model configured: its plan is used, and its summary's marks are checked against the stored sources. */
describe('search service: a model writes the plan and the summary', () => {
  let web: FakeWeb;
  let fake: FakeUpstream;
  let t: TestApp;
  let staff: SearchCallerTokens;

  beforeAll(async () => {
    // No page that waits for the time limit: the limit can then be long enough that a busy machine
    // never cuts the huge page short by time; its size limit (bytes) is what this run exercises.
    web = await startFakeWeb({ slowPage: false });
    fake = await startFakeUpstream();
    t = await buildSearchApp(
      web.origin,
      { fetch: { timeout_ms: 60_000, max_bytes: HUGE_PAGE_LIMIT } },
      llmConfigSchema.parse({
        endpoints: { fake: { baseUrl: fake.baseUrl, retries: 0, idleTimeoutMs: 5_000 } },
        tasks: { search: { provider: 'fake', model: 'search-model' } },
      }),
    );
    staff = await signInSearch(t, 'staff');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await web?.close();
  });

  it('keeps only marks whose source holds the claim, moving or dropping the others', async () => {
    fake.next({ tokens: ['1. 青石港 吞吐量\n', '2. 青石港 自动化码头'] });
    const id = await startRun(t, staff, 'quick');
    fake.next({
      tokens: [
        '### 概况\n',
        '- 2023年青石港货物吞吐量达到3200万吨 [2]。\n',
        '- 青石港自动化码头于2024年5月正式投入运营 [2]。\n',
        '- 青石港拥有十条飞机跑道和一座火箭发射场 [1]。\n',
        '- 青石港的平均潮差约为四米 [9]。',
      ],
    });
    await postS<SearchResult>(t, staff, 'workflow/execute/runStep', { execution_id: id, query: '青石港现状' });
    const done = await waitRun(t, staff, id, (r) => r.status !== 'running');
    expect(done.status).toBe('done');
    expect(t.app.services.llm.isTaskDemo('search')).toBe(false);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(done.note ?? '').not.toContain('模型暂时不可用');
    expect(done.plan).toEqual(['青石港 吞吐量', '青石港 自动化码头']);
    expect(done.usage.tokens).toBeGreaterThan(0);
    expect(done.usage.tokens).toBeLessThanOrEqual(done.budget.max_tokens);

    const stored = await t.app.searchService.store.sources(id);
    const idxOf = (path: string) => stored.find((s) => s.url.includes(path))!.idx;
    // The huge page (96 MB in all) was read up to its size limit only.
    const huge = stored.find((s) => s.url.endsWith('/huge'))!;
    expect(huge.content).toContain('潮差约为四米');
    expect(Buffer.byteLength(huge.content)).toBeLessThanOrEqual(HUGE_PAGE_LIMIT);
    const summary = (await getS<SearchSummary>(t, staff, 'search/summary/result', { execution_id: id })).env.data;
    expect(summary.mode).toBe('model');
    const lines = summary.summary.split('\n');
    expect(lines.find((l) => l.includes('3200万吨'))).toContain(`[${idxOf('/page/port')}]`);
    expect(lines.find((l) => l.includes('2024年5月'))).toContain(`[${idxOf('/page/terminal')}]`);
    // A claim no source holds keeps no mark; a number with no source is mapped to the one that holds it.
    expect(lines.find((l) => l.includes('飞机跑道'))).not.toMatch(/\[\d+\]/);
    expect(lines.find((l) => l.includes('潮差'))).toContain(`[${idxOf('/huge')}]`);
    expect(summary.summary).not.toContain('[9]');
    expect(done.note).toContain('无法在来源中核实');
    for (const c of summary.citations) expect(stored.map((s) => s.idx)).toContain(c.index);
  });
});
