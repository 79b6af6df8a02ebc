import { analyticsConstants, analyticsEventTypes as T, type AnalyticsEvent } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchSender } from '../src/batch-sender';
import { FINAL_EVENT_RESERVE_BYTES, KEEPALIVE_BUDGET_BYTES } from '../src/keepalive-chunks';
import { destroy, track } from '../src';
import { createFakeFetch, holdReplies, settle, startSdk } from './helpers';

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  destroy();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const trackMany = (n: number, prefix = 'e') => {
  for (let i = 0; i < n; i++) track(`${prefix}${i}`);
};
const keys = (events: AnalyticsEvent[]) => events.map((e) => (e.type === T.custom ? e.detail.key : String(e.type)));

describe('batching', () => {
  it('waits for the flush timer and sends queued events in one request, in order', async () => {
    const { fake } = startSdk();
    trackMany(4);
    await settle(999);
    expect(fake.fetch).not.toHaveBeenCalled();
    await settle(1);
    expect(fake.calls).toHaveLength(1);
    expect(keys(fake.calls[0]!.events)).toEqual(['100', 'e0', 'e1', 'e2', 'e3']);
  });

  it('sends a full batch of 100 at once and the rest on the timer', async () => {
    const { fake } = startSdk();
    trackMany(149);
    await settle();
    expect(fake.calls.map((c) => c.events.length)).toEqual([100]);
    await settle(1000);
    expect(fake.calls.map((c) => c.events.length)).toEqual([100, 50]);
  });
});

describe('concurrency', () => {
  it('keeps at most 4 requests in flight', async () => {
    const { fake } = startSdk();
    const open = holdReplies(fake);
    let inFlight = 0;
    let peak = 0;
    const inner = fake.fetch.getMockImplementation()!;
    fake.fetch.mockImplementation((url, init) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      return inner(url, init).finally(() => inFlight--);
    });
    trackMany(699);
    await settle(5_000);
    expect(fake.calls).toHaveLength(analyticsConstants.concurrency);
    expect(inFlight).toBe(4);

    open.shift()!({ ok: true, status: 200 });
    await settle();
    expect(fake.calls).toHaveLength(5);

    while (open.length > 0) {
      open.shift()!({ ok: true, status: 200 });
      await settle(1000);
    }
    expect(peak).toBe(4);
    expect(fake.events()).toHaveLength(700);
    expect(new Set(fake.events().map((e) => e.event_id)).size).toBe(700);
  });
});

describe('retry', () => {
  it('retries a failed batch with the same event ids and backs off', async () => {
    const { fake } = startSdk();
    const replies = [503, 0, 200];
    fake.setReply(() => {
      const status = replies.shift() ?? 200;
      return status === 0
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve({ ok: status < 300, status });
    });
    trackMany(3);
    await settle(1000);
    expect(fake.calls).toHaveLength(1);
    await settle(999);
    expect(fake.calls).toHaveLength(1);
    await settle(1);
    expect(fake.calls).toHaveLength(2);
    await settle(1999);
    expect(fake.calls).toHaveLength(2);
    await settle(1);
    expect(fake.calls).toHaveLength(3);

    const ids = fake.calls.map((c) => c.events.map((e) => e.event_id));
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    await settle(120_000);
    expect(fake.calls).toHaveLength(3);
  });

  it('keeps new events behind the retried ones and never sends an event twice after success', async () => {
    const { fake } = startSdk();
    let fail = true;
    fake.setReply(() => Promise.resolve(fail ? { ok: false, status: 500 } : { ok: true, status: 200 }));
    trackMany(2, 'old');
    await settle(1000);
    fail = false;
    trackMany(2, 'new');
    await settle(1000);
    const delivered = fake.calls.at(-1)!.events;
    expect(keys(delivered)).toEqual(['100', 'old0', 'old1', 'new0', 'new1']);
    await settle(60_000);
    const succeeded = fake.calls.slice(1).flatMap((c) => c.events.map((e) => e.event_id));
    expect(new Set(succeeded).size).toBe(succeeded.length);
  });

  it('drops a batch the server rejects as invalid', async () => {
    const { fake } = startSdk();
    fake.setReply(() => Promise.resolve({ ok: false, status: 400 }));
    trackMany(2);
    await settle(60_000);
    expect(fake.calls).toHaveLength(1);
  });

  it('gives up on events after 6 attempts', async () => {
    const { fake } = startSdk();
    fake.setReply(() => Promise.resolve({ ok: false, status: 502 }));
    await settle(10 * 60_000);
    expect(fake.calls).toHaveLength(6);
  });
});

describe('bounded queue', () => {
  it('drops the oldest events beyond its size', async () => {
    const fake = createFakeFetch();
    const sender = new BatchSender({ url: '/c', fetch: fake.fetch, flushDelayMs: 1000, maxQueue: 5, maxBatch: 10 });
    const { fake: eventsSource } = startSdk();
    trackMany(7);
    await settle(1000);
    for (const event of eventsSource.events()) sender.enqueue(event);
    expect(sender.queued).toBe(5);
    await settle(1000);
    expect(keys(fake.events())).toEqual(['e2', 'e3', 'e4', 'e5', 'e6']);
    sender.dispose();
  });
});

describe('leaving the page', () => {
  it('sends 103 and the remaining queue with keepalive at once', async () => {
    const { fake, lifecycle } = startSdk();
    await settle(1000);
    trackMany(3);
    lifecycle.go('passive', 'hidden', 'terminated');
    await settle();
    const exit = fake.calls.slice(1);
    expect(exit.length).toBeGreaterThan(0);
    expect(exit.every((c) => c.init.keepalive === true)).toBe(true);
    expect(keys(exit.flatMap((c) => c.events))).toEqual(['e0', 'e1', 'e2', '102', '103']);
  });

  it('splits a large queue to stay within the 64 KB keepalive quota, newest first', async () => {
    const { fake, lifecycle } = startSdk();
    const open = holdReplies(fake);
    const big = 'x'.repeat(450);
    for (let i = 0; i < 98; i++) track(`big${i}`, { a: big, b: big, c: big, d: big });
    lifecycle.go('passive', 'hidden');
    await settle();
    const hiddenBytes = fake.calls.filter((c) => c.init.keepalive).reduce((n, c) => n + c.bodyBytes, 0);
    expect(hiddenBytes).toBeLessThanOrEqual(KEEPALIVE_BUDGET_BYTES - FINAL_EVENT_RESERVE_BYTES);
    expect(hiddenBytes).toBeGreaterThan(KEEPALIVE_BUDGET_BYTES - FINAL_EVENT_RESERVE_BYTES - 4096);
    lifecycle.go('terminated');
    await settle();
    const keepalive = fake.calls.filter((c) => c.init.keepalive);
    expect(keepalive.length).toBeGreaterThan(1);
    expect(keepalive.reduce((n, c) => n + c.bodyBytes, 0)).toBeLessThanOrEqual(KEEPALIVE_BUDGET_BYTES);
    expect(keepalive.flatMap((c) => c.events).some((e) => e.type === T.terminated)).toBe(true);
    expect(
      fake.calls
        .filter((c) => !c.init.keepalive)
        .every((c) => c.events.every((e) => e.type === T.custom || e.type === T.init)),
    ).toBe(true);
    const sentIds = fake.events().map((e) => e.event_id);
    expect(new Set(sentIds).size).toBe(sentIds.length);
    open.forEach((resolve) => resolve({ ok: true, status: 200 }));
  });

  it('flushes with keepalive when the page is hidden, since it may never come back', async () => {
    const { fake, lifecycle } = startSdk();
    track('before-hide');
    lifecycle.go('passive', 'hidden');
    await settle();
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.init.keepalive).toBe(true);
    expect(keys(fake.calls[0]!.events)).toEqual(['100', 'before-hide', '102']);
  });

  it('stops listening and sends what is queued on destroy', async () => {
    const { fake, lifecycle } = startSdk();
    track('last');
    destroy();
    await settle();
    expect(keys(fake.events())).toEqual(['100', 'last']);
    expect(lifecycle.listenerCount).toBe(0);
    window.dispatchEvent(new ErrorEvent('error', { message: 'after destroy' }));
    await settle(10_000);
    expect(fake.events()).toHaveLength(2);
  });
});
