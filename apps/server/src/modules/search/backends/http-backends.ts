import type { SearchBackendConfig } from '../config';
import { BackendError, type WebBackend, type WebHit } from './types';

type Env = Record<string, string | undefined>;

const DEFAULT_URLS: Record<SearchBackendConfig['kind'], string> = {
  searxng: '',
  bing: 'https://api.bing.microsoft.com/v7.0/search',
  tavily: 'https://api.tavily.com/search',
  metaso: 'https://metaso.cn/api/v1/search',
  bocha: 'https://api.bochaai.com/v1/web-search',
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function hit(title: unknown, url: unknown, snippet: unknown): WebHit | null {
  const u = str(url);
  if (!/^https?:\/\//i.test(u)) return null;
  return { title: str(title).slice(0, 300) || u, url: u, snippet: str(snippet).slice(0, 1000) };
}

function list(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];
}

/** Reads the JSON of a backend's answer; 429 and 5xx are retryable, other failures are not. */
async function json(response: Response): Promise<unknown> {
  if (!response.ok) {
    await response.body?.cancel();
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new BackendError(
      `backend answered ${response.status}`,
      response.status === 429 || response.status >= 500,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    );
  }
  return response.json().catch(() => {
    throw new BackendError('backend answered no JSON', false);
  });
}

async function call(url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
  // Backend addresses come from the configuration only; redirects are not followed.
  const response = await fetch(url, { ...init, signal, redirect: 'error' }).catch((error: unknown) => {
    if (signal.aborted) throw error;
    throw new BackendError('backend unreachable', true);
  });
  return json(response);
}

/** One configured web backend as an HTTP client (SearXNG, Bing, Tavily, Metaso, Bocha). */
export function createWebBackend(config: SearchBackendConfig, env: Env): WebBackend {
  const base = (config.url ?? DEFAULT_URLS[config.kind]).replace(/\/+$/, '');
  const key = config.api_key_env ? (env[config.api_key_env] ?? '') : '';
  const n = config.max_results;
  const bearer: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const post = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...bearer },
    body: JSON.stringify(body),
  });
  const take = (hits: (WebHit | null)[]) => hits.filter((h): h is WebHit => h !== null).slice(0, n);

  switch (config.kind) {
    case 'searxng':
      return {
        kind: 'searxng',
        async search(q, signal) {
          const url = new URL(`${base}/search`);
          url.searchParams.set('q', q);
          url.searchParams.set('format', 'json');
          const data = (await call(url.toString(), { headers: { accept: 'application/json' } }, signal)) as Record<
            string,
            unknown
          >;
          return take(list(data?.results).map((r) => hit(r.title, r.url, r.content)));
        },
      };
    case 'bing':
      return {
        kind: 'bing',
        async search(q, signal) {
          const url = new URL(base);
          url.searchParams.set('q', q);
          url.searchParams.set('count', String(n));
          const data = (await call(
            url.toString(),
            { headers: { accept: 'application/json', 'Ocp-Apim-Subscription-Key': key } },
            signal,
          )) as { webPages?: { value?: unknown } };
          return take(list(data?.webPages?.value).map((r) => hit(r.name, r.url, r.snippet)));
        },
      };
    case 'tavily':
      return {
        kind: 'tavily',
        async search(q, signal) {
          const data = (await call(base, post({ query: q, max_results: n }), signal)) as Record<string, unknown>;
          return take(list(data?.results).map((r) => hit(r.title, r.url, r.content)));
        },
      };
    case 'metaso':
      return {
        kind: 'metaso',
        async search(q, signal) {
          const data = (await call(base, post({ q, scope: 'webpage', size: n }), signal)) as Record<string, unknown>;
          return take(list(data?.webpages).map((r) => hit(r.title, r.link ?? r.url, r.snippet ?? r.summary)));
        },
      };
    case 'bocha':
      return {
        kind: 'bocha',
        async search(q, signal) {
          // Bocha answers in Bing's shape, under `data`.
          const data = (await call(base, post({ query: q, count: n, summary: true }), signal)) as {
            data?: { webPages?: { value?: unknown } };
          };
          return take(list(data?.data?.webPages?.value).map((r) => hit(r.name, r.url, r.summary ?? r.snippet)));
        },
      };
  }
}
