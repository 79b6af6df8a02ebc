import { analyticsEventTypes as T } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroy, init } from '../src';
import { createFakeFetch, settle } from './helpers';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  destroy();
  vi.useRealTimers();
});

describe('with the real page-lifecycle package', () => {
  it('turns visibility changes and pagehide into 102, 101 and a keepalive 103', async () => {
    const fake = createFakeFetch();
    expect(init({ env: 'test', type: 'web', appKey: 'portal', fetch: fake.fetch })).toBe(true);

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(1_000);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(1_000);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    await settle();

    expect(fake.events().map((e) => e.type)).toEqual([T.init, T.hidden, T.active, T.hidden, T.terminated]);
    const last = fake.calls.at(-1)!;
    expect(last.init.keepalive).toBe(true);
    expect(last.events.map((e) => e.type)).toContain(T.terminated);
  });
});
