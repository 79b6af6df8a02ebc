import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/contract';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { ask, collect, fakeGateway } from './helpers';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const chat = (signal?: AbortSignal, idleTimeoutMs?: number) => ({
  module: 'chatgpt' as const,
  modelType: 100,
  temperature: 1,
  messages: ask('讲个长故事'),
  signal,
  idleTimeoutMs,
});

describe('streamChat failures', () => {
  it('cancels the upstream request when the caller aborts', async () => {
    fake.next({ tokens: Array.from({ length: 200 }, (_, i) => `w${i} `), intervalMs: 20 });
    const controller = new AbortController();
    const result = await collect(fakeGateway(fake).streamChat(chat(controller.signal)), (chunk) => {
      if (chunk.type === 'content' && chunk.text === 'w2 ') controller.abort();
    });

    expect(result.error?.kind).toBe('aborted');
    expect(result.content).toBe('w0 w1 w2 ');
    await fake.waitFor(() => fake.chatRequests[0]?.cancelled === true, 1000);
    expect(fake.cancelled).toBe(1);
    expect(fake.chatRequests[0]?.completed).toBe(false);
  });

  it('cancels the upstream request when the consumer stops iterating', async () => {
    fake.next({ tokens: Array.from({ length: 200 }, (_, i) => `w${i} `), intervalMs: 20 });
    for await (const chunk of fakeGateway(fake).streamChat(chat())) {
      if (chunk.type === 'content') break;
    }
    await fake.waitFor(() => fake.chatRequests[0]?.cancelled === true, 1000);
  });

  it('refuses to start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await collect(fakeGateway(fake).streamChat(chat(controller.signal)));
    expect(result.error?.kind).toBe('aborted');
    expect(fake.chatRequests).toHaveLength(0);
  });

  it('times out a stalled stream and cancels the upstream request', async () => {
    fake.next({ tokens: ['a', 'b', 'c', 'd'], stallAfter: 2 });
    const result = await collect(fakeGateway(fake).streamChat(chat(undefined, 150)));

    expect(result.error?.kind).toBe('timeout');
    expect(result.error?.message).toBe('抱歉，回复超时，请重新提问');
    expect(result.content).toBe('ab');
    await fake.waitFor(() => fake.chatRequests[0]?.cancelled === true, 1000);
  });

  it('times out when the provider never sends the first chunk', async () => {
    fake.next({ tokens: ['a'], stallAfter: 0 });
    const result = await collect(fakeGateway(fake).streamChat(chat(undefined, 150)));
    expect(result.error?.kind).toBe('timeout');
    expect(result.chunks).toHaveLength(0);
    await fake.waitFor(() => fake.chatRequests[0]?.cancelled === true, 1000);
  });

  it('counts keep-alive comments as activity while the provider queues the request', async () => {
    fake.next({ tokens: ['late'], keepAliveComments: 8, intervalMs: 40 });
    const result = await collect(fakeGateway(fake).streamChat(chat(undefined, 150)));
    expect(result.error).toBeUndefined();
    expect(result.content).toBe('late');
  });

  it('reports a dropped connection mid-stream as upstream, keeping the partial answer', async () => {
    fake.next({ tokens: ['部分', '回答', '丢失'], failAfter: 2, failMode: 'destroy' });
    const result = await collect(fakeGateway(fake).streamChat(chat()));

    expect(result.error?.kind).toBe('upstream');
    expect(result.error?.code).toBe(ErrorCode.upstream);
    expect(result.content).toBe('部分回答');
    expect(result.chunks.some((c) => c.type === 'done')).toBe(false);
    expect(fake.chatRequests).toHaveLength(1);
  });

  it('reports an error event mid-stream as upstream, keeping the partial answer', async () => {
    fake.next({ tokens: ['x', 'y', 'z'], failAfter: 1, failMode: 'error-event' });
    const result = await collect(fakeGateway(fake).streamChat(chat()));
    expect(result.error?.kind).toBe('upstream');
    expect(result.content).toBe('x');
  });

  it('treats a stream that ends without a finish reason as incomplete', async () => {
    fake.next({ tokens: ['x'], omitFinishReason: true });
    const result = await collect(fakeGateway(fake).streamChat(chat()));
    expect(result.error?.kind).toBe('upstream');
    expect(result.content).toBe('x');
  });

  it('maps 429 to rate_limited with the retry-after hint and does not retry', async () => {
    fake.next({ status: 429, headers: { 'retry-after': '7' } });
    const result = await collect(fakeGateway(fake).streamChat(chat()));

    expect(result.error?.kind).toBe('rate_limited');
    expect(result.error?.code).toBe(ErrorCode.rateLimited);
    expect(result.error?.status).toBe(429);
    expect(result.error?.retryAfterMs).toBe(7000);
    expect(fake.chatRequests).toHaveLength(1);
  });

  it('maps 500 to upstream without retrying', async () => {
    fake.next({ status: 500 });
    const result = await collect(fakeGateway(fake).streamChat(chat()));
    expect(result.error?.kind).toBe('upstream');
    expect(result.error?.status).toBe(500);
    expect(result.error?.message).toBe('模型服务暂时不可用，请稍后再试');
    expect(fake.chatRequests).toHaveLength(1);
  });

  it('retries a 503 once before anything streamed', async () => {
    fake.next({ status: 503 }).next({ tokens: ['ok'] });
    const result = await collect(fakeGateway(fake).streamChat(chat()));
    expect(result.error).toBeUndefined();
    expect(result.content).toBe('ok');
    expect(fake.chatRequests).toHaveLength(2);
    // The retry sends the whole conversation again, as the first attempt did.
    expect(fake.chatRequests[1]!.body.messages).toEqual(fake.chatRequests[0]!.body.messages);
    expect(fake.chatRequests[1]!.body.messages?.length).toBeGreaterThan(0);
  });

  it('gives up after the configured retries', async () => {
    fake
      .next({ status: 503 })
      .next({ status: 503 })
      .next({ tokens: ['never'] });
    const result = await collect(fakeGateway(fake).streamChat(chat()));
    expect(result.error?.kind).toBe('upstream');
    expect(fake.chatRequests).toHaveLength(2);
  });

  it('maps an unreachable provider to upstream', async () => {
    const gateway = fakeGateway(fake, { endpoints: { fake: { baseUrl: 'http://127.0.0.1:9/v1', retries: 0 } } });
    const result = await collect(gateway.streamChat(chat()));
    expect(result.error?.kind).toBe('upstream');
  });
});
