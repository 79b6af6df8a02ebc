import type { AnalyticsRangeQuery } from '@portal/contract';
import dayjs from 'dayjs';

export const DAY_FORMAT = 'YYYY-MM-DD';

/** Today's calendar day in `timeZone`, as YYYY-MM-DD ('en-CA' formats dates that way). */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    // An unknown zone name: the browser's own calendar is the best remaining guess.
    return dayjs(now).format(DAY_FORMAT);
  }
}

/**
 * The last 7 days, today included. "Today" is the analytics time zone's, not the browser's: the
 * server counts events by that zone's days, and the two differ for hours of every day elsewhere.
 */
export function defaultRange(timeZone: string, now: Date = new Date()): AnalyticsRangeQuery {
  const to = dayIn(timeZone, now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
