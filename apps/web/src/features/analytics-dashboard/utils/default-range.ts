import type { AnalyticsRangeQuery } from '@portal/contract';
import dayjs, { type Dayjs } from 'dayjs';

export const DAY_FORMAT = 'YYYY-MM-DD';

/** The last 7 days, today included. */
export function defaultRange(today: Dayjs = dayjs()): AnalyticsRangeQuery {
  return { from: today.subtract(6, 'day').format(DAY_FORMAT), to: today.format(DAY_FORMAT) };
}
