import { randomUUID } from 'node:crypto';
import { ErrorCode, ErrorMessage, type AnalyticsCollectResult } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/lib/sql-rows';
import { bearer, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { apiEvent, event, initEvent, openEvent, scriptErrorEvent } from './events';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const collect = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/analytics/collect', payload: payload as object, headers });

async function storedCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM analytics_events`);
  return row?.n ?? 0;
}

describe('POST /api/analytics/collect', () => {
  it('stores a batch from an anonymous page and reports what it accepted', async () => {
    const now = Date.now();
    const events = [
      event(initEvent, { ts: now, anonymousId: 'anon-store' }),
      event(openEvent('chatgpt'), { ts: now + 1, anonymousId: 'anon-store' }),
      event(apiEvent('/api/app/list', 200, 0, 12), { ts: now + 2, anonymousId: 'anon-store', appKey: 'chatgpt' }),
    ];
    const res = await collect({ events });
    expect(res.statusCode).toBe(200);
    expect(body<AnalyticsCollectResult>(res)).toEqual({ code: 0, message: 'ok', data: { accepted: 3, duplicates: 0 } });
    const stored = await rows<{ type: number; app_key: string; target: string | null }>(
      t.app.db,
      sql`SELECT type::int AS type, app_key, detail->>'app_key' AS target FROM analytics_events
          WHERE anonymous_id = 'anon-store' ORDER BY ts`,
    );
    expect(stored).toEqual([
      { type: 100, app_key: 'portal', target: null },
      { type: 12, app_key: 'portal', target: 'chatgpt' },
      { type: 200, app_key: 'chatgpt', target: null },
    ]);
  });

  it('drops events it already has and counts them as duplicates', async () => {
    const before = await storedCount();
    const events = [
      event(initEvent, { ts: Date.now(), anonymousId: 'anon-dup' }),
      event(scriptErrorEvent('boom'), { ts: Date.now(), anonymousId: 'anon-dup' }),
    ];
    const first = body<AnalyticsCollectResult>(await collect({ events }));
    expect(first.data).toEqual({ accepted: 2, duplicates: 0 });
    const second = body<AnalyticsCollectResult>(await collect({ events }));
    expect(second.data).toEqual({ accepted: 0, duplicates: 2 });
    const repeatedInBatch = event(initEvent, { ts: Date.now(), anonymousId: 'anon-dup' });
    const third = body<AnalyticsCollectResult>(await collect({ events: [repeatedInBatch, repeatedInBatch] }));
    expect(third.data).toEqual({ accepted: 1, duplicates: 1 });
    expect(await storedCount()).toBe(before + 3);
  });

  it('rejects an invalid event with 400 naming the field, and stores nothing of the batch', async () => {
    const before = await storedCount();
    const good = event(initEvent, { ts: Date.now() });
    const badId = { ...event(initEvent, { ts: Date.now() }), event_id: 'not-a-uuid' };
    const res = await collect({ events: [good, badId] });
    expect(res.statusCode).toBe(400);
    const env = body(res);
    expect(env.code).toBe(ErrorCode.validation);
    expect(env.message).toContain('events.1.event_id');

    const badDetail = event(apiEvent('/x', 200, 0, 1), { ts: Date.now() }) as unknown as {
      detail: Record<string, unknown>;
    };
    delete badDetail.detail.path;
    const res2 = await collect({ events: [badDetail] });
    expect(res2.statusCode).toBe(400);
    expect(body(res2).message).toContain('events.0.detail.path');

    const res3 = await collect({ events: [] });
    expect(res3.statusCode).toBe(400);
    expect(body(res3).message).toContain('events');
    expect(await storedCount()).toBe(before);
  });

  it('rejects a batch naming an unknown app key with 4001', async () => {
    const before = await storedCount();
    const res = await collect({
      events: [event(initEvent, { ts: Date.now() }), event(initEvent, { ts: Date.now(), appKey: 'no-such-app' })],
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: ErrorCode.validation, message: ErrorMessage.unknownApiKey, data: null });
    expect(await storedCount()).toBe(before);
  });

  it('answers 413 with 4013 for a body over 256 KB', async () => {
    const big = Array.from({ length: 100 }, () => event(scriptErrorEvent('x'.repeat(1000)), { ts: Date.now() })).map(
      (e) => ({ ...e, detail: { message: 'x'.repeat(1000), stack: 's'.repeat(8000) } }),
    );
    const payload = JSON.stringify({ events: big });
    expect(payload.length).toBeGreaterThan(256 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ code: ErrorCode.tooLarge, message: ErrorMessage.tooLarge, data: null });
  });

  it('records the signed-in user from a valid token beside the claimed user id', async () => {
    const tokens = await issueTokensFor(t, 'staff');
    const eventId = randomUUID();
    const res = await collect(
      { events: [event(initEvent, { ts: Date.now(), userId: 'someone-else', eventId })] },
      bearer(tokens.access_token.token),
    );
    expect(body(res).code).toBe(0);
    const anonId = randomUUID();
    await collect({ events: [event(initEvent, { ts: Date.now(), eventId: anonId })] }, bearer('not-a-token'));
    const stored = await rows<{ event_id: string; user_id: string | null; auth_user_id: number | null }>(
      t.app.db,
      sql`SELECT event_id::text AS event_id, user_id, auth_user_id FROM analytics_events
          WHERE event_id IN (${eventId}::uuid, ${anonId}::uuid) ORDER BY user_id NULLS LAST`,
    );
    expect(stored).toEqual([
      { event_id: eventId, user_id: 'someone-else', auth_user_id: tokens.account_info.id },
      { event_id: anonId, user_id: null, auth_user_id: null },
    ]);
  });

  it('replaces a timestamp far in the future by the receive time', async () => {
    const eventId = randomUUID();
    const before = Date.now();
    await collect({ events: [event(initEvent, { ts: before + 10 * 86_400_000, eventId })] });
    const [row] = await rows<{ ms: number }>(
      t.app.db,
      sql`SELECT (extract(epoch FROM ts) * 1000)::float8 AS ms FROM analytics_events WHERE event_id = ${eventId}::uuid`,
    );
    expect(row?.ms).toBeGreaterThanOrEqual(before);
    expect(row?.ms).toBeLessThan(before + 86_400_000);
  });

  it('stores text holding U+0000 without it, instead of failing the batch', async () => {
    const eventId = randomUUID();
    const res = await collect({ events: [event(scriptErrorEvent('bad\u0000byte'), { ts: Date.now(), eventId })] });
    expect(body<AnalyticsCollectResult>(res).data).toEqual({ accepted: 1, duplicates: 0 });
    const [row] = await rows<{ message: string }>(
      t.app.db,
      sql`SELECT detail->>'message' AS message FROM analytics_events WHERE event_id = ${eventId}::uuid`,
    );
    expect(row?.message).toBe('badbyte');
  });

  it('refuses a custom event name holding U+0000 with 400 naming the field, and stores nothing', async () => {
    const before = await storedCount();
    const res = await collect({
      events: [
        event(initEvent, { ts: Date.now() }),
        event({ type: 0, detail: { key: 'click\u0000name', params: {} } }, { ts: Date.now() }),
      ],
    });
    expect(res.statusCode).toBe(400);
    const env = body(res);
    expect(env.code).toBe(ErrorCode.validation);
    expect(env.message).toContain('events.1.detail.key');
    expect(await storedCount()).toBe(before);
  });
});
