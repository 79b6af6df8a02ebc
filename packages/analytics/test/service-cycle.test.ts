import { analyticsConstants } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroy, flush, track, trackRoute } from '../src';
import { settle, startSdk } from './helpers';

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

const move = () => window.dispatchEvent(new MouseEvent('mousemove'));
const key = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));

async function allEvents(fake: ReturnType<typeof startSdk>['fake']) {
  flush();
  await settle();
  return fake.events();
}

/** Cycle ids of all events so far, in order. */
const cycles = async (fake: ReturnType<typeof startSdk>['fake']) => (await allEvents(fake)).map((e) => e.cycle_id);

describe('service cycle', () => {
  it('ends after 20 s without activity; the next activity opens a new one', async () => {
    const { fake } = startSdk();
    await vi.advanceTimersByTimeAsync(analyticsConstants.serviceCycleTimeoutMs - 1);
    move();
    track('still-same');
    await vi.advanceTimersByTimeAsync(analyticsConstants.serviceCycleTimeoutMs);
    track('after-end-before-activity');
    key();
    track('new-cycle');
    const [init, same, ended, fresh] = await cycles(fake);
    expect(same).toBe(init);
    expect(ended).toBe(init);
    expect(fresh).not.toBe(init);
  });

  it('throttles activity to once per 2 s', async () => {
    const { fake } = startSdk();
    await vi.advanceTimersByTimeAsync(10_000);
    move();
    await vi.advanceTimersByTimeAsync(analyticsConstants.activityThrottleMs - 1);
    move();
    // The second move was throttled, so the cycle ends 20 s after the first one.
    await vi.advanceTimersByTimeAsync(
      analyticsConstants.serviceCycleTimeoutMs - analyticsConstants.activityThrottleMs + 2,
    );
    move();
    track('x');
    const [init, next] = await cycles(fake);
    expect(next).not.toBe(init);
  });

  it('counts activity again once the 2 s throttle has passed', async () => {
    const { fake } = startSdk();
    await vi.advanceTimersByTimeAsync(10_000);
    move();
    await vi.advanceTimersByTimeAsync(analyticsConstants.activityThrottleMs);
    move();
    await vi.advanceTimersByTimeAsync(
      analyticsConstants.serviceCycleTimeoutMs - analyticsConstants.activityThrottleMs + 2,
    );
    move();
    track('x');
    const [init, next] = await cycles(fake);
    expect(next).toBe(init);
  });

  it('uses the per-route delay from autoFinishDelay', async () => {
    const { fake } = startSdk({ getRouteName: () => 'red', autoFinishDelay: { red: 60_000 } });
    await vi.advanceTimersByTimeAsync(59_000);
    move();
    track('kept');
    await vi.advanceTimersByTimeAsync(60_001);
    move();
    track('renewed');
    const [init, kept, renewed] = await cycles(fake);
    expect(kept).toBe(init);
    expect(renewed).not.toBe(init);
  });

  it('applies the delay of the route the user moved to', async () => {
    const { fake } = startSdk({ getRouteName: () => 'chatgpt', autoFinishDelay: { report: 5_000 } });
    trackRoute('/report/welcome', 'report');
    await vi.advanceTimersByTimeAsync(5_001);
    move();
    track('after');
    const [, route, after] = await cycles(fake);
    expect(after).not.toBe(route);
  });

  it('starts a new cycle when the top-level route changes, not within one', async () => {
    const { fake } = startSdk({ getRouteName: () => 'chatgpt' });
    trackRoute('/chatgpt/session?id=1', 'chatgpt');
    trackRoute('/red/overview', 'red');
    trackRoute('/red/top', 'red');
    const [init, sameApp, otherApp, withinApp] = await cycles(fake);
    expect(sameApp).toBe(init);
    expect(otherApp).not.toBe(init);
    expect(withinApp).toBe(otherApp);
  });

  it('opens a new cycle when an ended page becomes visible again', async () => {
    const { fake, lifecycle } = startSdk();
    lifecycle.go('passive', 'hidden');
    await vi.advanceTimersByTimeAsync(60_000);
    lifecycle.go('passive', 'active');
    const events = await allEvents(fake);
    const init = events.find((e) => e.type === 100)!;
    const active = events.find((e) => e.type === 101)!;
    expect(active.cycle_id).not.toBe(init.cycle_id);
  });
});
