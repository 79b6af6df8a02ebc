import type { WorkplaceProvider } from '@portal/contract';
import { ProviderError } from './provider-error';

export interface ProviderRequest {
  provider: WorkplaceProvider;
  /** A name for the log: the API path without any query (WeCom puts the token in the query). */
  api: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

export interface ProviderResponse {
  status: number;
  json: Record<string, unknown>;
}

/**
 * One JSON call to a provider. A network failure, a timeout, a 5xx or a body that is not JSON is
 * `unavailable`; the caller reads the provider's own error fields from the JSON of other statuses.
 */
export async function callProvider(req: ProviderRequest): Promise<ProviderResponse> {
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(req.body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...req.headers,
      },
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
      signal: AbortSignal.timeout(req.timeoutMs),
      redirect: 'error',
    });
  } catch {
    throw new ProviderError(req.provider, 'unavailable', req.api, 'network');
  }
  if (res.status >= 500) {
    await res.body?.cancel();
    throw new ProviderError(req.provider, 'unavailable', req.api, `http ${res.status}`);
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ProviderError(req.provider, 'unavailable', req.api, `http ${res.status} not json`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new ProviderError(req.provider, 'unavailable', req.api, 'not an object');
  }
  return { status: res.status, json: json as Record<string, unknown> };
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const ids = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((x) => x.length > 0) : []);

/** A token for the app itself, cached until shortly before it expires; any replica may fetch its own. */
export class AppTokenCache {
  private value: { token: string; until: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(private readonly fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>) {}

  get(): Promise<string> {
    if (this.value && this.value.until > Date.now()) return Promise.resolve(this.value.token);
    this.pending ??= this.fetchToken()
      .then(({ token, expiresInSeconds }) => {
        this.value = { token, until: Date.now() + Math.max(0, expiresInSeconds - 120) * 1000 };
        return token;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /** The provider said the token is no longer valid before its time. */
  clear(): void {
    this.value = undefined;
  }
}
