/**
 * Tabs of one browser share the stored tokens, and a refresh token works once: two tabs refreshing
 * with it at the same moment would look like theft to the server, which then revokes the sign-in.
 * The refresh runs under a Web Lock shared by every tab of the origin, so one tab refreshes while
 * the others wait; a tab that waited then finds fresh tokens in storage and uses them.
 *
 * Without the Web Locks API (old browsers, some in-app web views) the refresh runs unguarded:
 * within one tab the HTTP client still sends one refresh at a time.
 */
export type RefreshLock = <T>(work: () => Promise<T>) => Promise<T>;

export const REFRESH_LOCK_NAME = 'portal-token-refresh';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export function createRefreshLock(locks: LockManagerLike | undefined): RefreshLock {
  if (!locks || typeof locks.request !== 'function') return (work) => work();
  return (work) => locks.request(REFRESH_LOCK_NAME, work);
}

/** The page's own lock manager, when it has one. */
export function browserRefreshLock(): RefreshLock {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManagerLike });
  return createRefreshLock(nav?.locks);
}
