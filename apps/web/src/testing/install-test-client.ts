import { setHttpClient } from '../lib/api';
import { createHttpClient } from '../lib/http-client';

/**
 * Installs the real HTTP client, signed in with fixed tokens and with every page effect a no-op,
 * over the given fetch; for component tests that talk to a fake backend.
 */
export function installTestClient(fetch: typeof globalThis.fetch, currentPath: string): void {
  setHttpClient(
    createHttpClient({
      baseUrl: () => '/',
      fetch,
      session: {
        accessToken: () => 'a',
        refreshToken: () => 'r',
        searchToken: () => undefined,
        setTokens() {},
        setAccountInfo() {},
        clear() {},
      },
      effects: { warning() {}, toastError() {}, navigate() {}, reload() {}, currentPath: () => currentPath },
    }),
  );
}
