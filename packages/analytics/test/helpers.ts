import {
  analyticsBatchSchema,
  type AnalyticsEvent,
  type AnalyticsEventOf,
  type AnalyticsEventType,
} from '@portal/contract';
import { vi } from 'vitest';
import { init, type InitOptions, type LifecycleChange, type LifecycleSource, type LifecycleState } from '../src';

export class FakeLifecycle implements LifecycleSource {
  state: LifecycleState = 'active';
  private listeners = new Set<(change: LifecycleChange) => void>();

  addEventListener(_type: 'statechange', listener: (change: LifecycleChange) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'statechange', listener: (change: LifecycleChange) => void): void {
    this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Moves through the states in order, as page-lifecycle reports them. */
  go(...states: LifecycleState[]): void {
    for (const newState of states) {
      const oldState = this.state;
      this.state = newState;
      for (const listener of this.listeners) listener({ oldState, newState });
    }
  }
}

export interface FetchCall {
  url: string;
  init: RequestInit;
  events: AnalyticsEvent[];
  bodyBytes: number;
}

type Reply = { ok: boolean; status: number };

/** A fetch that records every request; `reply` decides how each one ends. */
export function createFakeFetch() {
  const calls: FetchCall[] = [];
  let reply: (call: FetchCall) => Promise<Reply> = () => Promise.resolve({ ok: true, status: 200 });
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const body = String(init.body);
    // Every body the SDK sends must pass the server's schema.
    const batch = analyticsBatchSchema.parse(JSON.parse(body));
    const call = { url, init, events: batch.events, bodyBytes: new TextEncoder().encode(body).length };
    calls.push(call);
    return reply(call);
  });
  return {
    fetch,
    calls,
    events: () => calls.flatMap((c) => c.events),
    setReply(next: (call: FetchCall) => Promise<Reply>) {
      reply = next;
    },
  };
}

export type FakeFetch = ReturnType<typeof createFakeFetch>;

/** Replies that stay open until the test settles them. */
export function holdReplies(fake: FakeFetch) {
  const open: Array<(reply: Reply) => void> = [];
  fake.setReply(() => new Promise<Reply>((resolve) => open.push(resolve)));
  return open;
}

export const baseOptions = (
  fake: FakeFetch,
  lifecycle: LifecycleSource,
  extra: Partial<InitOptions> = {},
): InitOptions => ({
  env: 'test',
  type: 'web',
  appKey: 'portal',
  appName: 'AI 门户',
  fetch: fake.fetch,
  lifecycle,
  flushDelayMs: 1000,
  ...extra,
});

export function startSdk(extra: Partial<InitOptions> = {}, lifecycle = new FakeLifecycle()) {
  const fake = createFakeFetch();
  const ok = init(baseOptions(fake, lifecycle, extra));
  return { fake, lifecycle, ok };
}

/** Lets queued timers and promise callbacks run so batches reach the fake fetch. */
export const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

export const ofType = <K extends AnalyticsEventType>(events: AnalyticsEvent[], type: K) =>
  events.filter((e): e is AnalyticsEventOf<K> => e.type === type);
