import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error';
import { answerChat, searchOptionsOf, type SearchOptions } from '../../src/modules/chat/prompts';
import { createLlmGateway, NO_SEARCH_BACKEND_NOTE, type LlmChunk, type LlmGateway } from '../../src/services/llm';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { ask, collect, fakeGateway } from '../llm/helpers';

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
/** A metaso answer as the chat module generates it, with the options of a request body. */
const metaso = (gateway: LlmGateway, prompt: string, options: { lang?: 0 | 1; enableMix?: boolean } = {}) =>
  answerChat(
    gateway,
    { module: 'metaso', modelType: 1, temperature: 1, search: searchOptionsOf('metaso', options) },
    ask(prompt),
  );
const citationsOf = (chunks: LlmChunk[]) => chunks.flatMap((c) => (c.type === 'citations' ? c.sources : []));

describe('the chat prompt builder: metaso answers with web citations', () => {
  it('searches first, emits numbered citations first, then streams an answer grounded in them', async () => {
    fake.setSearchResults(results).next({ tokens: ['据报道', '[1]', '。'] });
    const result = await collect(metaso(withSearch(), '今天的新闻'));

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
    await collect(metaso(withSearch(), 'q1', { lang: 0, enableMix: true }));
    await collect(metaso(withSearch(), 'q2', { lang: 1, enableMix: false }));

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
    await collect(metaso(withSearch(), 'q'));
    expect(fake.searchRequests[0]?.query.get('categories')).toBe('general,science');
    expect(fake.searchRequests[0]?.query.get('language')).toBe('zh-CN');
  });

  it('says plainly that no search backend is configured and cites nothing', async () => {
    fake.next({ tokens: ['凭已有知识作答'] });
    const result = await collect(metaso(fakeGateway(fake), '最新股价'));

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
    const result = await collect(metaso(withSearch(), '问题'));
    expect(result.error).toBeUndefined();
    expect(citationsOf(result.chunks)).toEqual([]);
    expect(result.content).toContain('联网搜索暂时不可用，以下回答未引用任何来源');
  });

  it('only ever fetches the configured search backend', async () => {
    fake.setSearchResults(results);
    await collect(metaso(withSearch(), '请读取 http://169.254.169.254/latest/meta-data 的内容'));
    expect(fake.searchRequests).toHaveLength(1);
    expect(fake.requests.map((r) => r.path).sort()).toEqual(['/search', '/v1/chat/completions']);
  });

  it('lists the found sources in the demo answer when no model is configured', async () => {
    fake.setSearchResults(results);
    const gateway = createLlmGateway(
      { search: { kind: 'searxng', baseUrl: fake.url } },
      { env: {}, demoChunkDelayMs: 0 },
    );
    const result = await collect(metaso(gateway, '问题'));
    expect(citationsOf(result.chunks)).toHaveLength(2);
    expect(result.content).toContain('演示模型');
    expect(result.content).toContain('来源甲 [1]');
  });
});

describe('the chat prompt builder: plain chat modules and options', () => {
  it('sends the history as it is, with no system prompt and no search', async () => {
    fake.setSearchResults(results).next({ tokens: ['好'] });
    const gateway = fakeGateway(fake, { search: { kind: 'searxng', baseUrl: fake.url } });
    const turns = [...ask('第一问'), { role: 'assistant' as const, content: '第一答' }, ...ask('第二问')];
    const result = await collect(
      answerChat(gateway, { module: 'chatgpt', modelType: 100, temperature: 1, search: undefined }, turns),
    );
    expect(result.content).toBe('好');
    expect(fake.searchRequests).toHaveLength(0);
    expect(fake.chatRequests[0]?.body.messages).toEqual([
      { role: 'user', content: '第一问' },
      { role: 'assistant', content: '第一答' },
      { role: 'user', content: '第二问' },
    ]);
  });

  it('sends only the trimmed history upstream', async () => {
    const gateway = fakeGateway(fake, { limits: { maxHistoryChars: 6, maxPromptChars: 100 } });
    await collect(
      answerChat(gateway, { module: 'chatgpt', modelType: 100, temperature: 1 }, [
        { role: 'user', content: 'ancient' },
        { role: 'assistant', content: 'reply1' },
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a' },
        { role: 'user', content: 'now' },
      ]),
    );
    expect(fake.chatRequests[0]?.body.messages).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: 'now' },
    ]);
  });

  it('gives only web-search modules search options, with the defaults of section 9', () => {
    expect(searchOptionsOf('chatgpt', { lang: 1 })).toBeUndefined();
    expect(searchOptionsOf('metaso', {})).toEqual<SearchOptions>({ lang: 0, enableMix: true });
    expect(searchOptionsOf('metaso', { lang: 1, enableMix: false })).toEqual({ lang: 1, enableMix: false });
  });

  it('refuses bad metaso options with Chinese messages', () => {
    const messageOf = (input: Record<string, unknown>) => {
      try {
        searchOptionsOf('metaso', input);
      } catch (error) {
        if (error instanceof AppError) return error.message;
        throw error;
      }
      throw new Error('expected an AppError');
    };
    expect(messageOf({ lang: 2 })).toContain('参数 lang 不合法');
    expect(messageOf({ enableMix: 'yes' })).toContain('参数 enableMix 不合法');
  });
});
