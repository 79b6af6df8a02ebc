import { getUserInfo } from '../features/auth/api/get-user-info';
import { useUserStore } from '../features/auth/store/user-store';
import type { AppRouter } from './router';

/** Guard rule 3: once the account is synced, the current page is checked again. */
export async function syncUserInfoOnStartup(router: AppRouter): Promise<void> {
  if (!useUserStore.getState().isLogin) return;
  try {
    useUserStore.getState().setAccountInfo(await getUserInfo());
  } catch {
    return;
  }
  await router.revalidate();
}
