import { useUserStore } from '../features/auth/store/user-store';
import { authStorage } from '../lib/auth-storage';
import { takeEarlyApi } from '../lib/early-requests';
import { createHttpClient, type HttpClient } from '../lib/http-client';
import { getRuntimeConfig } from '../lib/runtime-config';
import { getSearchToken } from '../lib/search-token';
import { showError, showNotice, showWarning } from '../lib/ui-bridge';

/** The one HTTP client of the page, wired to storage, the user store, antd and the router. */
export function createBrowserHttpClient(navigate: (to: string) => void, recheckRoute: () => void): HttpClient {
  return createHttpClient({
    baseUrl: () => getRuntimeConfig().apiDomain,
    takeEarly: (url, authorization) => takeEarlyApi(url, authorization),
    session: {
      accessToken: () => authStorage.read()?.access_token.token,
      refreshToken: () => authStorage.read()?.refresh_token.token,
      searchToken: getSearchToken,
      setTokens(access, refresh, accountInfo) {
        const next = authStorage.setTokens(access, refresh, accountInfo);
        if (next && accountInfo) useUserStore.setState({ isLogin: true, accountInfo });
      },
      setAccountInfo: (accountInfo) => useUserStore.getState().setAccountInfo(accountInfo),
      clear: () => useUserStore.getState().signOut(),
    },
    effects: {
      warning: showWarning,
      toastError: showError,
      notice: showNotice,
      navigate,
      rightsChanged: recheckRoute,
      reload: () => window.location.reload(),
      currentPath: () => window.location.pathname + window.location.search + window.location.hash,
    },
  });
}
