import { describe, expect, it } from 'vitest';
import { MemoryAttemptStore } from '../../src/oidc/attempt-store';
import { loginThrottleConfigSchema } from '../../src/oidc/config';
import { LoginThrottle, minutesLeft } from '../../src/oidc/login-throttle';

/** A throttle on a clock the test moves; defaults as configured without a `login_throttle` section. */
function throttleAt(start = 1_000_000) {
  const clock = { now: start };
  const now = () => clock.now;
  const settings = loginThrottleConfigSchema.parse({});
  return { throttle: new LoginThrottle(new MemoryAttemptStore(now), settings, now), clock, settings };
}

const ADDRESS = '10.0.0.7';

describe('login throttle backoff', () => {
  it('defaults to five wrong passwords per account and twenty per address', () => {
    const { settings } = throttleAt();
    expect(settings).toEqual({
      account_failures: 5,
      address_failures: 20,
      lock_seconds: 60,
      max_lock_seconds: 3600,
      window_seconds: 900,
    });
  });

  it('locks for a minute, then doubles the lock with each wrong password after it, up to the ceiling', async () => {
    const { throttle, clock } = throttleAt();
    for (let i = 0; i < 4; i++) expect(await throttle.failed('admin', ADDRESS)).toEqual([]);
    const [first] = await throttle.failed('admin', ADDRESS);
    expect(first).toEqual({ scope: 'account', subject: 'admin', until: clock.now + 60_000, failures: 5, seconds: 60 });

    clock.now += 59_999;
    expect(await throttle.lockInForce('admin', ADDRESS)).toMatchObject({ scope: 'account' });
    // Another address is refused too: the lock belongs to the account.
    expect(await throttle.lockInForce('admin', '10.0.0.8')).toMatchObject({ scope: 'account' });
    clock.now += 1;
    expect(await throttle.lockInForce('admin', ADDRESS)).toBeUndefined();

    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      const [lock] = await throttle.failed('admin', `10.0.1.${i}`);
      if (!lock) throw new Error('expected a lock');
      expect(lock.until - clock.now).toBe(lock.seconds * 1000);
      seen.push(lock.seconds);
      clock.now = lock.until;
    }
    expect(seen).toEqual([120, 240, 480, 960, 1920, 3600, 3600, 3600]);
  });

  it('forgets wrong passwords a window after the last one, and on a successful sign-in of the account', async () => {
    const { throttle, clock } = throttleAt();
    for (let i = 0; i < 4; i++) await throttle.failed('staff', ADDRESS);
    clock.now += 900_000;
    expect(await throttle.failed('staff', ADDRESS)).toEqual([]);

    for (let i = 0; i < 3; i++) await throttle.failed('staff', ADDRESS);
    await throttle.succeeded('staff');
    for (let i = 0; i < 4; i++) expect(await throttle.failed('staff', ADDRESS)).toEqual([]);
  });

  it("locks an address after twenty wrong passwords for any accounts, and a success does not reset the address's count", async () => {
    const { throttle, clock } = throttleAt();
    for (let i = 0; i < 19; i++) {
      expect(await throttle.failed(`user${i}`, ADDRESS)).toEqual([]);
      await throttle.succeeded(`user${i}`);
    }
    const locks = await throttle.failed('someone', ADDRESS);
    expect(locks).toEqual([
      { scope: 'address', subject: ADDRESS, until: clock.now + 60_000, failures: 20, seconds: 60 },
    ]);
    expect(await throttle.lockInForce('admin', ADDRESS)).toMatchObject({ scope: 'address' });
    expect(await throttle.lockInForce('admin', '10.0.0.8')).toBeUndefined();
  });

  it('speaks of whole minutes, at least one', () => {
    expect(minutesLeft(1_000, 1_000)).toBe(1);
    expect(minutesLeft(61_000, 1_000)).toBe(1);
    expect(minutesLeft(61_001, 1_000)).toBe(2);
  });
});
