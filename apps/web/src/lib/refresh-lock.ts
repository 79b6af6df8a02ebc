/**
 * Tabs of one browser share the stored tokens, and a refresh token works once: two tabs refreshing
 * with it at the same moment would look like theft to the server, which then revokes the sign-in.
 * The refresh runs under a Web Lock shared by every tab of the origin, so one tab refreshes while
 * the others wait; a tab that waited then finds fresh tokens in storage and uses them.
 *
 * Local storage is not read-after-write consistent across tabs: Chromium gives each tab its own
 * copy and delivers another tab's write a moment later, possibly after the lock has passed on.
 * So the tab that spent a refresh token also holds a short-lived lock named after it ("spent"),
 * which the lock manager shows every tab at once; a tab that sees its token marked spent waits for
 * the new tokens to reach its storage instead of presenting the spent one.
 *
 * Without the Web Locks API (old browsers, some in-app web views) the refresh runs unguarded:
 * within one tab the HTTP client still sends one refresh at a time.
 */
export interface RefreshLock {
  /** Runs `work` while no other tab of this origin refreshes. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Called under the lock once `token` was exchanged, before the lock passes on. */
  markSpent(token: string): Promise<void>;
  /** Whether another tab exchanged `token` in the last moments. */
  wasSpent(token: string): Promise<boolean>;
}

export const REFRESH_LOCK_NAME = 'portal-token-refresh';
/** Long enough for a write to local storage to reach every tab, short enough to leave nothing behind. */
export const SPENT_MARK_MS = 10_000;

interface LockLike {
  name?: string;
}
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
  query(): Promise<{ held?: LockLike[] }>;
}

/** The lock name marking a spent token: a short tail of it, enough to tell generations apart. */
const spentName = (token: string) => `portal-token-spent:${token.slice(-12)}`;

export function createRefreshLock(locks: LockManagerLike | undefined): RefreshLock {
  if (!locks || typeof locks.request !== 'function')
    return { run: (work) => work(), markSpent: async () => undefined, wasSpent: async () => false };
  return {
    run: (work) => locks.request(REFRESH_LOCK_NAME, work),
    markSpent: (token) =>
      new Promise<void>((marked) => {
        void locks.request(spentName(token), { ifAvailable: true }, () => {
          marked();
          return new Promise<void>((release) => setTimeout(release, SPENT_MARK_MS));
        });
      }),
    async wasSpent(token) {
      const state = await locks.query();
      return (state.held ?? []).some((lock) => lock.name === spentName(token));
    },
  };
}

/** The page's own lock manager, when it has one. */
export function browserRefreshLock(): RefreshLock {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManagerLike });
  return createRefreshLock(nav?.locks);
}
