import { z } from 'zod';
import { headersFromEnv, type Env } from '../clients';
import type { SearxngConfig } from '../config';
import type { RawSearchResult } from './sources';

export interface SearchQuery {
  q: string;
  lang: 0 | 1;
  enableMix: boolean;
}

/** Failure of the search backend; the caller decides whether to answer without sources. */
export class SearchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SearchError';
  }
}

const searxngResponseSchema = z.object({
  results: z
    .array(
      z.object({
        url: z.string().optional(),
        title: z.string().optional(),
        content: z.string().optional(),
      }),
    )
    .default([]),
});

const QUERY_MAX_CHARS = 400;

/** Only the configured instance is ever fetched; the query is the one user-controlled part. */
export function searxngUrl(config: SearxngConfig, query: SearchQuery): URL {
  const url = new URL(`${config.baseUrl.replace(/\/+$/, '')}/search`);
  url.searchParams.set('q', query.q.slice(0, QUERY_MAX_CHARS));
  url.searchParams.set('format', 'json');
  url.searchParams.set('language', query.lang === 1 ? config.languages.en : config.languages.zh);
  url.searchParams.set('categories', query.enableMix ? config.categories.mix : config.categories.web);
  url.searchParams.set('safesearch', String(config.safesearch));
  return url;
}

export async function searchSearxng(
  config: SearxngConfig,
  env: Env,
  query: SearchQuery,
  signal?: AbortSignal,
): Promise<RawSearchResult[]> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const response = await fetch(searxngUrl(config, query), {
    headers: { accept: 'application/json', ...config.headers, ...headersFromEnv(config.headersFromEnv, env) },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    redirect: 'error',
  }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw new SearchError(timeout.aborted ? 'search timed out' : 'search backend unreachable', undefined, {
      cause: error,
    });
  });
  if (!response.ok) {
    await response.body?.cancel();
    const hint = response.status === 403 ? ' (is the json format enabled in settings.yml?)' : '';
    throw new SearchError(`search backend answered ${response.status}${hint}`, response.status);
  }
  const parsed = searxngResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new SearchError('search backend returned an unexpected body');
  return parsed.data.results.map((r) => ({ url: r.url ?? '', title: r.title ?? '', snippet: r.content ?? '' }));
}
