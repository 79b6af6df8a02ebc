import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { ask, collect, FAKE_KEY, fakeGateway } from './helpers';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('streamChat against an OpenAI-compatible provider', () => {
  it('streams content tokens in order and ends with done', async () => {
    const tokens = Array.from({ length: 20 }, (_, i) => `t${i} `);
    fake.next({ tokens, intervalMs: 2 });
    const gateway = fakeGateway(fake);
    const result = await collect(
      gateway.streamChat({ module: 'chatgpt', modelType: 100, temperature: 0.7, messages: ask('你好') }),
    );

    expect(result.error).toBeUndefined();
    expect(result.chunks.filter((c) => c.type === 'content').map((c) => (c.type === 'content' ? c.text : ''))).toEqual(
      tokens,
    );
    expect(result.chunks.at(-1)).toEqual({
      type: 'done',
      finishReason: 'stop',
      usage: { prompt_tokens: 7, completion_tokens: 20, total_tokens: 27 },
    });
  });

  it('sends the mapped model, temperature, messages and the configured key', async () => {
    const gateway = fakeGateway(fake);
    await collect(
      gateway.streamChat({
        module: 'chatgpt',
        modelType: 120,
        temperature: 1.3,
        messages: [
          { role: 'user', content: '第一问' },
          { role: 'assistant', content: '第一答' },
          { role: 'user', content: '第二问' },
        ],
      }),
    );
    const [request] = fake.chatRequests;
    expect(request?.body).toMatchObject({
      model: 'gpt-4o',
      temperature: 1.3,
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'user', content: '第一问' },
        { role: 'assistant', content: '第一答' },
        { role: 'user', content: '第二问' },
      ],
    });
    expect(request?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(request?.headers['x-tenant']).toBe('portal');
  });

  it('separates reasoning_content from the answer', async () => {
    fake.next({ reasoning: ['先想', '一想'], tokens: ['答', '案'] });
    const gateway = fakeGateway(fake);
    const result = await collect(
      gateway.streamChat({ module: 'deepseek', modelType: 1, temperature: 0.95, messages: ask('1+1?') }),
    );

    expect(result.reasoning).toBe('先想一想');
    expect(result.content).toBe('答案');
    const types = result.chunks.map((c) => c.type);
    expect(types.lastIndexOf('reasoning')).toBeLessThan(types.indexOf('content'));
    expect(fake.chatRequests[0]?.body.model).toBe('deepseek-reasoner');
  });

  it('leaves out the temperature for models configured without one', async () => {
    const gateway = fakeGateway(fake, {
      endpoints: { fake: { baseUrl: fake.baseUrl } },
      models: { chatgpt: { '100': { provider: 'fake', model: 'o1', sendTemperature: false } } },
    });
    const result = await collect(
      gateway.streamChat({ module: 'chatgpt', modelType: 100, temperature: 1, messages: ask('hi') }),
    );
    expect(result.error).toBeUndefined();
    expect(fake.chatRequests[0]?.body).not.toHaveProperty('temperature');
  });

  it('reuses one client per provider across calls', async () => {
    const gateway = fakeGateway(fake);
    await collect(gateway.streamChat({ module: 'chatgpt', modelType: 0, temperature: 1, messages: ask('a') }));
    await collect(gateway.streamChat({ module: 'chatgpt', modelType: 100, temperature: 1, messages: ask('b') }));
    expect(fake.chatRequests.map((r) => r.body.model)).toEqual(['gpt-3.5-turbo', 'gpt-4']);
    expect(fake.chatRequests.every((r) => r.headers.connection !== 'close')).toBe(true);
  });
});
