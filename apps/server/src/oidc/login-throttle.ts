import { createHash } from 'node:crypto';
import type { AttemptStore } from './attempt-store';
import type { LoginThrottleConfig } from './config';

export type LockScope = 'account' | 'address';

export interface Lock {
  scope: LockScope;
  /** The account's login or the client address that is locked. */
  subject: string;
  until: number;
  /** Wrong passwords counted when the lock began (only for locks begun by `failed`). */
  failures: number;
}

/** A lock begun by a wrong password, with how long it lasts. */
export interface BegunLock extends Lock {
  seconds: number;
}

interface Subject {
  scope: LockScope;
  subject: string;
  key: string;
  limit: number;
}

/**
 * Counts wrong passwords on the built-in provider's form per account and per client address and
 * locks either past its limit. The account key is a digest of the name: whatever is typed, the
 * stored key stays short.
 */
export class LoginThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly settings: LoginThrottleConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** The lock in force for this account or this address (the one that ends last), if any. */
  async lockInForce(login: string, address: string): Promise<Lock | undefined> {
    const subjects = this.subjects(login, address);
    const records = await this.store.get(subjects.map((s) => s.key));
    const at = this.now();
    let found: Lock | undefined;
    subjects.forEach(({ scope, subject }, i) => {
      const record = records[i];
      if (record && record.lockedUntil > at && (!found || record.lockedUntil > found.until)) {
        found = { scope, subject, until: record.lockedUntil, failures: record.failures };
      }
    });
    return found;
  }

  /**
   * Counts a wrong password for the account and the address and returns the locks it began. The
   * first lock lasts `lock_seconds`; each wrong password after it (the counter outlives the lock
   * by the window) doubles the next.
   */
  async failed(login: string, address: string): Promise<BegunLock[]> {
    const { lock_seconds, max_lock_seconds, window_seconds } = this.settings;
    const windowMs = window_seconds * 1000;
    const locks: BegunLock[] = [];
    for (const { scope, subject, key, limit } of this.subjects(login, address)) {
      const failures = await this.store.addFailure(key, windowMs);
      if (failures < limit) continue;
      const seconds = Math.min(lock_seconds * 2 ** (failures - limit), max_lock_seconds);
      const until = this.now() + seconds * 1000;
      await this.store.lock(key, until, seconds * 1000 + windowMs);
      locks.push({ scope, subject, until, failures, seconds });
    }
    return locks;
  }

  /** A successful sign-in forgets the account's wrong passwords; the address keeps its count. */
  async succeeded(login: string): Promise<void> {
    await this.store.clear(accountKey(login));
  }

  private subjects(login: string, address: string): Subject[] {
    return [
      { scope: 'account', subject: login, key: accountKey(login), limit: this.settings.account_failures },
      { scope: 'address', subject: address, key: `address:${address}`, limit: this.settings.address_failures },
    ];
  }
}

function accountKey(login: string): string {
  return `account:${createHash('sha256').update(login).digest('base64url')}`;
}

/** Whole minutes until `until`, at least one: the unit the sign-in form speaks in. */
export function minutesLeft(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 60_000));
}
