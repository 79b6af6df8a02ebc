import { create } from 'zustand';
import type { AccountInfo, StoredUserInfo } from '@portal/contract';
import { authStorage } from '../../../lib/auth-storage';
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
