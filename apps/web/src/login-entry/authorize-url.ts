import { authorizeResponseParser, defaultRuntimeConfig, parseRuntimeConfig } from '../lib/parsers';

const AUTHORIZE_PATH = '/api/user/authorize';
const FAILED = '登录失败，请重试';

export interface AuthorizeDeps {
  fetch: typeof fetch;
  /** The page's own address, to tell a same-origin API from another one. */
  pageUrl: string;
  /** Where `app-config.json` lives (Vite's base). */
  base: string;
}

function authorizeAddress(apiDomain: string, from: string, forceLogin: boolean, pageUrl: string): URL {
  const url = new URL(`${apiDomain.replace(/\/+$/, '')}${AUTHORIZE_PATH}`, pageUrl);
  url.searchParams.set('from', from);
  if (forceLogin) url.searchParams.set('prompt', 'login');
  return url;
}

async function requestAuthorize(fetchImpl: typeof fetch, url: URL): Promise<string> {
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(FAILED);
  }
  const envelope = (body ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  if (envelope.code !== 0)
    throw new Error(typeof envelope.message === 'string' && envelope.message ? envelope.message : FAILED);
  const parsed = authorizeResponseParser.safeParse(envelope.data);
  if (!parsed.success) throw new Error(FAILED);
  return parsed.data.url;
}

async function loadApiDomain(deps: AuthorizeDeps): Promise<string> {
  try {
    const response = await deps.fetch(`${deps.base}app-config.json?t=${Math.random().toString(36).slice(2)}`, {
      cache: 'no-store',
    });
    if (!response.ok) return defaultRuntimeConfig.apiDomain;
    return parseRuntimeConfig(await response.json()).apiDomain;
  } catch {
    return defaultRuntimeConfig.apiDomain;
  }
}

/**
 * The single sign-on address for `from`, as the full app's sign-in page asks for it, without the
 * app. The runtime config (which names the API's address) and the authorize call on this origin
 * go out together; only when the config names another API origin is that one asked afterwards.
 */
export async function signInAddress(from: string, forceLogin: boolean, deps: AuthorizeDeps): Promise<string> {
  const here = authorizeAddress('/', from, forceLogin, deps.pageUrl);
  const speculative = requestAuthorize(deps.fetch, here);
  // Settled here so a failure the config makes irrelevant is never reported as unhandled.
  speculative.catch(() => undefined);
  const wanted = authorizeAddress(await loadApiDomain(deps), from, forceLogin, deps.pageUrl);
  if (wanted.href === here.href) return speculative;
  return requestAuthorize(deps.fetch, wanted);
}
