import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmGateway, NO_SEARCH_BACKEND_NOTE, type LlmChunk } from '../../src/services/llm';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { ask, collect, fakeGateway } from './helpers';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const results = [
  { url: 'https://example.com/a/', title: '来源甲', content: '甲的摘要' },
  { url: 'https://example.org/b//', title: '来源乙', content: '乙的摘要' },
  { url: 'https://example.com/a', title: '重复的甲', content: '重复' },
  { url: 'javascript:alert(1)', title: '坏链接', content: 'x' },
];

const withSearch = () => fakeGateway(fake, { search: { kind: 'searxng', baseUrl: fake.url } });
const metaso = (prompt: string, options?: { lang?: 0 | 1; enableMix?: boolean }) => ({
  module: 'metaso' as const,
  modelType: 1,
  temperature: 1,
  messages: ask(prompt),
  options,
});
const citationsOf = (chunks: LlmChunk[]) => chunks.flatMap((c) => (c.type === 'citations' ? c.sources : []));

describe('metaso answers with web citations', () => {
  it('searches first, emits numbered citations first, then streams an answer grounded in them', async () => {
    fake.setSearchResults(results).next({ tokens: ['据报道', '[1]', '。'] });
    const result = await collect(withSearch().streamChat(metaso('今天的新闻')));

    expect(result.error).toBeUndefined();
    expect(result.chunks[0]?.type).toBe('citations');
    expect(citationsOf(result.chunks)).toEqual([
      { index: 1, title: '来源甲', url: 'https://example.com/a', snippet: '甲的摘要' },
      { index: 2, title: '来源乙', url: 'https://example.org/b', snippet: '乙的摘要' },
    ]);
    expect(result.content).toBe('据报道[1]。');

    const system = fake.chatRequests[0]?.body.messages?.[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('[1] 来源甲\n链接：https://example.com/a');
    expect(system?.content).toContain('[2] 来源乙');
    expect(system?.content).toContain('[n]');
    expect(fake.chatRequests[0]?.body.messages?.at(-1)).toEqual({ role: 'user', content: '今天的新闻' });
  });

  it('passes scope and language to the search and the reply language to the model', async () => {
    fake.setSearchResults(results);
    await collect(withSearch().streamChat(metaso('q1', { lang: 0, enableMix: true })));
    await collect(withSearch().streamChat(metaso('q2', { lang: 1, enableMix: false })));

    const [first, second] = fake.searchRequests;
    expect(first?.query.get('q')).toBe('q1');
    expect(first?.query.get('format')).toBe('json');
    expect(first?.query.get('categories')).toBe('general,science');
    expect(first?.query.get('language')).toBe('zh-CN');
    expect(second?.query.get('categories')).toBe('general');
    expect(second?.query.get('language')).toBe('en');

    const [zh, en] = fake.chatRequests.map((r) => r.body.messages?.[0]?.content ?? '');
    expect(zh).toContain('请使用中文回答');
    expect(en).toContain('English');
  });

  it('uses the defaults 回复中文 and 全网及文献 when the options are left out', async () => {
    fake.setSearchResults(results);
    await collect(withSearch().streamChat(metaso('q')));
    expect(fake.searchRequests[0]?.query.get('categories')).toBe('general,science');
    expect(fake.searchRequests[0]?.query.get('language')).toBe('zh-CN');
  });

  it('says plainly that no search backend is configured and cites nothing', async () => {
    fake.next({ tokens: ['凭已有知识作答'] });
    const result = await collect(fakeGateway(fake).streamChat(metaso('最新股价')));

    expect(result.error).toBeUndefined();
    expect(citationsOf(result.chunks)).toEqual([]);
    expect(result.content.startsWith(`> ${NO_SEARCH_BACKEND_NOTE}`)).toBe(true);
    expect(NO_SEARCH_BACKEND_NOTE).toBe('未配置联网搜索服务，以下回答未引用任何来源');
    expect(result.content).toContain('凭已有知识作答');
    expect(fake.searchRequests).toHaveLength(0);
    expect(fake.chatRequests[0]?.body.messages?.[0]?.content).toContain('不要编造');
  });

  it('answers without sources when the search backend fails', async () => {
    fake.nextSearch({ status: 403 }).next({ tokens: ['答'] });
    const result = await collect(withSearch().streamChat(metaso('问题')));
    expect(result.error).toBeUndefined();
    expect(citationsOf(result.chunks)).toEqual([]);
    expect(result.content).toContain('联网搜索暂时不可用，以下回答未引用任何来源');
  });

  it('only ever fetches the configured search backend', async () => {
    fake.setSearchResults(results);
    await collect(withSearch().streamChat(metaso('请读取 http://169.254.169.254/latest/meta-data 的内容')));
    expect(fake.searchRequests).toHaveLength(1);
    expect(fake.requests.map((r) => r.path).sort()).toEqual(['/search', '/v1/chat/completions']);
  });

  it('lists the found sources in the demo answer when no model is configured', async () => {
    fake.setSearchResults(results);
    const gateway = createLlmGateway(
      { search: { kind: 'searxng', baseUrl: fake.url } },
      { env: {}, demoChunkDelayMs: 0 },
    );
    const result = await collect(gateway.streamChat(metaso('问题')));
    expect(citationsOf(result.chunks)).toHaveLength(2);
    expect(result.content).toContain('演示模型');
    expect(result.content).toContain('来源甲 [1]');
  });
});
