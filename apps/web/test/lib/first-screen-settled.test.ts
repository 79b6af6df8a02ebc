import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  firstScreenSettled,
  recordFirstScreen,
  type SettlingRouter,
} from '../../src/lib/first-screen-settled';

function fakeRouter(initialized: boolean, navigation: string) {
  const listeners = new Set<() => void>();
  let state = { initialized, navigation: { state: navigation } };
  const router: SettlingRouter = {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (nextInitialized: boolean, nextNavigation: string) => {
    state = { initialized: nextInitialized, navigation: { state: nextNavigation } };
    for (const listener of listeners) listener();
  };
  return { router, set };
}

/** A few tasks and frames: long enough for a wrongly settled promise to have resolved. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the first screen settling', () => {
  it('waits for the first navigation and the queries it started, then a painted frame', async () => {
    const { router, set } = fakeRouter(false, 'loading');
    const queryClient = new QueryClient();
    let answer: (value: string) => void = () => {};
    void queryClient.prefetchQuery({
      queryKey: ['list'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    let settled = false;
    void firstScreenSettled(router, queryClient).then(() => (settled = true));

    await tick();
    expect(settled).toBe(false);
    set(true, 'idle');
    await tick();
    expect(settled).toBe(false);
    answer('data');
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('does not wait for ever', async () => {
    const { router } = fakeRouter(false, 'loading');
    let settled = false;
    void firstScreenSettled(router, new QueryClient(), 10).then(() => (settled = true));
    await vi.waitFor(() => expect(settled).toBe(true));
  });
});

describe('work after the first screen', () => {
  it('waits for the recorded first screen, then runs once, unless cancelled', async () => {
    let settle: () => void = () => {};
    recordFirstScreen(new Promise<void>((resolve) => (settle = resolve)));
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('kept'));
    const cancel = afterFirstScreen(() => ran.push('cancelled'));
    await tick();
    expect(ran).toEqual([]);
    cancel();
    settle();
    // whenIdle falls back to a timer of up to a second where requestIdleCallback is missing (jsdom).
    await vi.waitFor(() => expect(ran).toEqual(['kept']), { timeout: 5000 });
  });
});
