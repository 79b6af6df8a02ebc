import { type RedInsightFilter } from '@portal/contract';
import { redEndpoints } from '@portal/contract/endpoints/red';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { redKeys } from './keys';

/** Drops empty filters so the query string (and the cache key) holds only what was chosen. */
export function cleanFilter<T extends object>(filter: T): T {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;
}

function useInsight<E extends (typeof redEndpoints)[keyof typeof redEndpoints]>(
  name: string,
  endpoint: E,
  query: RedInsightFilter & Record<string, unknown>,
  enabled = true,
) {
  const clean = cleanFilter(query);
  return useQuery({
    enabled,
    queryKey: redKeys.insight(name, clean),
    queryFn: () => callEndpoint(endpoint, { query: clean as never }),
    placeholderData: keepPreviousData,
  });
}

export const useArticleTotal = (f: RedInsightFilter, enabled?: boolean) =>
  useInsight('total', redEndpoints.articleTotal, f, enabled);
export const useSentimentAnalysis = (f: RedInsightFilter, enabled?: boolean) =>
  useInsight('sentiment', redEndpoints.sentimentAnalysis, f, enabled);
export const useSceneInsight = (f: RedInsightFilter, enabled?: boolean) =>
  useInsight('scene', redEndpoints.sceneInsight, f, enabled);
export const useHighQuality = (f: RedInsightFilter, enabled?: boolean) =>
  useInsight('high-quality', redEndpoints.highQuality, f, enabled);
export const useSentimentDetail = (
  f: RedInsightFilter & { polarity: 'positive' | 'negative'; page_index: number; page_size: number },
  enabled?: boolean,
) => useInsight('sentiment-detail', redEndpoints.sentimentDetail, f, enabled);
export const useArticleList = (
  f: RedInsightFilter & { sort: 'published' | 'interactions'; page_index: number; page_size: number },
  enabled?: boolean,
) => useInsight('articles', redEndpoints.articleList, f, enabled);
