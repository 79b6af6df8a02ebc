import type { RedInsightFilter, RedSentiment } from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const RANGE_PRESETS = [
  { label: '近7天', days: 7 },
  { label: '近30天', days: 30 },
  { label: '近90天', days: 90 },
] as const;

export function chinaDate(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function rangeOfDays(days: number): { start: string; end: string } {
  const now = Date.now();
  return { start: chinaDate(now - (days - 1) * 86_400_000), end: chinaDate(now) };
}

/**
 * The insight filters live in the address (project, brand, sentiment, days, keyword), so a reload
 * or a shared link shows the same selection.
 */
export function useInsightFilter(defaultProject?: number) {
  const [params, setParams] = useSearchParams();
  const days = Number(params.get('days') ?? 30) || 30;
  const projectId = Number(params.get('project')) || defaultProject;
  const filter: RedInsightFilter = useMemo(
    () => ({
      project_id: projectId,
      brand: params.get('brand') ?? undefined,
      sentiment: (params.get('sentiment') as RedSentiment | null) ?? undefined,
      keyword: params.get('keyword') ?? undefined,
      ...rangeOfDays(days),
    }),
    [projectId, params, days],
  );
  const set = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filter, days, set };
}
