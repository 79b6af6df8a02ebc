import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstScreenSettled, type SettlingRouter } from '../src/lib/first-screen-settled';

function fakeRouter(initialized: boolean, navigation: string) {
  const listeners = new Set<() => void>();
  const router: SettlingRouter & { set(initialized: boolean, navigation: string): void } = {
    state: { initialized, navigation: { state: navigation } },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(nextInitialized, nextNavigation) {
      router.state = { initialized: nextInitialized, navigation: { state: nextNavigation } };
      for (const listener of listeners) listener();
    },
  };
  return router;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the first screen settling', () => {
  it('waits for the first navigation and the queries it started, then a painted frame', async () => {
    const router = fakeRouter(false, 'loading');
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
    router.set(true, 'idle');
    await tick();
    expect(settled).toBe(false);
    answer('data');
    await tick();
    expect(settled).toBe(true);
  });

  it('does not wait for ever', async () => {
    const router = fakeRouter(false, 'loading');
    let settled = false;
    void firstScreenSettled(router, new QueryClient(), 10).then(() => (settled = true));
    await tick();
    expect(settled).toBe(true);
  });
});
