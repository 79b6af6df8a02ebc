import { create } from 'zustand';
import type { AccountInfo, StoredUserInfo } from '@portal/contract';
import { authStorage, USER_INFO_KEY } from '../../../lib/auth-storage';
import { appKeyOfRoute, canOpenApp } from '../../../lib/rights';

export interface UserState {
  isLogin: boolean;
  accountInfo: AccountInfo | null;
  signIn(info: StoredUserInfo): void;
  setAccountInfo(accountInfo: AccountInfo): void;
  signOut(): void;
  /** Whether the account may open the app behind a top-level route name. */
  hasRole(routeName: string): boolean;
}

const stored = authStorage.read();

export const useUserStore = create<UserState>()((set, get) => ({
  isLogin: !!stored,
  accountInfo: stored?.account_info ?? null,
  signIn(info) {
    authStorage.write(info);
    set({ isLogin: true, accountInfo: info.account_info });
  },
  setAccountInfo(accountInfo) {
    if (authStorage.setAccountInfo(accountInfo)) set({ accountInfo });
  },
  signOut() {
    authStorage.clear();
    set({ isLogin: false, accountInfo: null });
  },
  hasRole: (routeName) => canOpenApp(get().accountInfo, appKeyOfRoute(routeName)),
}));

/**
 * Tabs share the stored session: when another tab signs in, refreshes with new rights or signs
 * out, this tab's view follows (its HTTP client already reads the tokens from storage each time).
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== USER_INFO_KEY) return;
    const info = authStorage.read();
    const current = useUserStore.getState();
    const accountInfo = info?.account_info ?? null;
    if (current.isLogin === !!info && JSON.stringify(current.accountInfo) === JSON.stringify(accountInfo)) return;
    useUserStore.setState({ isLogin: !!info, accountInfo });
  });
}
