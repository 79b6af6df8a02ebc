import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountInfo } from '@portal/contract';
import type { AppRouter } from '../../src/app/router';
import { useUserStore } from '../../src/features/auth/store/user-store';
import { accountInfo, appEntry, storedUser } from '../../src/testing/fixtures';

const fromServer = vi.hoisted(() => ({ next: null as AccountInfo | null }));
vi.mock('../../src/features/auth/api/get-user-info', () => ({
  getUserInfo: () => (fromServer.next ? Promise.resolve(fromServer.next) : Promise.reject(new Error('offline'))),
}));

const { syncUserInfoOnStartup } = await import('../../src/app/startup');

function fakeRouter() {
  const revalidate = vi.fn(() => Promise.resolve());
  return { router: { revalidate } as unknown as AppRouter, revalidate };
}

afterEach(() => {
  useUserStore.getState().signOut();
  fromServer.next = null;
});

describe('account sync on startup (guard rule 3)', () => {
  it('keeps the stored account and skips the second check when the server sends the same one', async () => {
    const stored = accountInfo({ app_list: [appEntry({ app_key: 'chatgpt' })] });
    useUserStore.getState().signIn(storedUser({ account_info: stored }));
    const before = useUserStore.getState().accountInfo;
    fromServer.next = structuredClone(stored);
    const { router, revalidate } = fakeRouter();

    await syncUserInfoOnStartup(router);

    expect(useUserStore.getState().accountInfo).toBe(before);
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('stores a changed account and checks the current page again', async () => {
    useUserStore
      .getState()
      .signIn(storedUser({ account_info: accountInfo({ app_list: [appEntry({ app_key: 'chatgpt' })] }) }));
    const changed = accountInfo({ app_list: [appEntry({ app_key: 'chatgpt', be_authorized: false })] });
    fromServer.next = changed;
    const { router, revalidate } = fakeRouter();

    await syncUserInfoOnStartup(router);

    expect(useUserStore.getState().accountInfo).toEqual(changed);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('does nothing signed out or when the server cannot be reached', async () => {
    const { router, revalidate } = fakeRouter();
    fromServer.next = accountInfo();
    await syncUserInfoOnStartup(router);

    useUserStore.getState().signIn(storedUser());
    const before = useUserStore.getState().accountInfo;
    fromServer.next = null;
    await syncUserInfoOnStartup(router);

    expect(useUserStore.getState().accountInfo).toBe(before);
    expect(revalidate).not.toHaveBeenCalled();
  });
});
