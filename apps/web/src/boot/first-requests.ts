/*
 * Loaded from index.html's head as a module script of its own (bundled alone by
 * `build/first-requests-plugin.ts`, so it has no imports at run time): it starts the requests
 * the first screen waits for while the app's modules are still downloading, instead of after
 * they have been evaluated. On a phone that takes two or three round trips off the first screen:
 * the runtime config, the version script, then the page's data (the config names the API's
 * address). The app takes the replies over (`src/lib/early-requests.ts`); what it does not take
 * is never used.
 */
import { REQUEST_ID_HEADER, SEARCH_TOKEN_HEADER } from '@portal/contract';
import { USER_INFO_KEY } from '../lib/auth-storage-key';
import type { EarlyApiRequest, EarlyRequests } from '../lib/early-requests';
import { joinUrl } from '../lib/join-url';
import { firstApiPaths, type FirstRequestsTable, type StoredSession } from './first-api-paths';
import { getSearchToken } from '../lib/search-token';
import { loadVersionScript } from '../lib/version-check';

/**
 * Local-storage key of the API address the last runtime config named. The page's requests go out
 * with it at once instead of a round trip later; when the config names another address now, the
 * app does not take them (their addresses differ) and asks again.
 */
const API_DOMAIN_KEY = 'portal.apiDomain';

declare const __FIRST_REQUESTS__: FirstRequestsTable;
declare const __BASE_URL__: string;

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage full or denied: the next visit waits for the config */
  }
}

function storedSession(): StoredSession | undefined {
  try {
    const raw = readItem(USER_INFO_KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : undefined;
  } catch {
    return undefined;
  }
}

function requestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Sends one GET with the headers the app's HTTP client would send (`src/lib/http-client.ts`). */
function sendEarly(url: string, accessToken: string): EarlyApiRequest {
  const id = requestId();
  const authorization = `Bearer ${accessToken}`;
  const headers: Record<string, string> = { [REQUEST_ID_HEADER]: id, Authorization: authorization };
  const search = getSearchToken();
  if (search) headers[SEARCH_TOKEN_HEADER] = search;
  headers.Accept = 'application/json';
  return {
    url,
    authorization,
    requestId: id,
    startedAt: performance.now(),
    response: fetch(url, { method: 'GET', headers, credentials: 'same-origin' }).catch(() => null),
  };
}

function start(): void {
  const requests: EarlyRequests = { api: [] };
  window.__portalEarlyRequests = requests;
  // Same address and options as `loadRuntimeConfig` (`src/lib/runtime-config.ts`).
  const config = fetch(`${__BASE_URL__}app-config.json?t=${Math.random().toString(36).slice(2)}`, {
    cache: 'no-store',
  }).catch(() => null);
  requests.config = config;
  requests.version = loadVersionScript(`${__BASE_URL__}version.js`);

  // Remembered signed in or out: the first signed-in load after a sign-in uses it too.
  const remembered = readItem(API_DOMAIN_KEY);
  const apiDomain = config
    .then((response) => (response?.ok ? response.clone().json() : null))
    .catch(() => null)
    .then((body: { apiDomain?: unknown } | null) => {
      // The default of `parseRuntimeConfig` when the config does not name the API's address.
      const named = typeof body?.apiDomain === 'string' ? body.apiDomain : '/';
      writeItem(API_DOMAIN_KEY, named);
      return named;
    });

  // Signed out, the guard sends the visitor to sign in: nothing to ask.
  const session = storedSession();
  const token = session?.access_token?.token;
  if (!session || typeof token !== 'string' || !token) return;
  const paths = firstApiPaths(__FIRST_REQUESTS__, location.pathname, session);
  const send = (domain: string) => {
    for (const path of paths) requests.api.push(sendEarly(joinUrl(domain, path), token));
  };
  if (remembered !== null) send(remembered);
  else void apiDomain.then(send);
}

start();
