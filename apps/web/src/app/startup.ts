import { getUserInfo } from '../features/auth/api/get-user-info';
import { useUserStore } from '../features/auth/store/user-store';
import type { AppRouter } from './router';

/**
 * Guard rule 3: once the account is synced, the current page is checked again. Rights changed
 * since the stored token (1004) are taken in quietly: the page has only just loaded, so there is
 * nothing to reload, and the guard decides again below. An account that
 * comes back as stored (the usual case) changes neither the guard's answer nor the screen, so the
 * page is neither rendered nor checked a second time while it is still starting.
 */
export async function syncUserInfoOnStartup(router: AppRouter): Promise<void> {
  const { isLogin, accountInfo: stored } = useUserStore.getState();
  if (!isLogin) return;
  let fresh: Awaited<ReturnType<typeof getUserInfo>>;
  try {
    fresh = await getUserInfo({ quiet: true });
  } catch {
    return;
  }
  if (JSON.stringify(fresh) === JSON.stringify(stored)) return;
  useUserStore.getState().setAccountInfo(fresh);
  await router.revalidate();
}
