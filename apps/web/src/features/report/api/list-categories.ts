import { useQuery } from '@tanstack/react-query';
import { type ReportCategoryResponse } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { callEndpoint } from '../../../lib/call-endpoint';

/** Every query of the library; invalidated after an upload, a deletion or a new category. */
export const categoriesKey = ['report-categories'] as const;

/** `GET /api/report/home/reportCategory`: the library by category, filtered by title or source. */
export const fetchCategories = (keyword: string): Promise<ReportCategoryResponse> =>
  callEndpoint(reportEndpoints.home, { query: keyword ? { keyword } : {} });

const POLL_MS = 2000;

const parsing = (data: ReportCategoryResponse | undefined) =>
  data?.list.some((c) => c.reports.some((r) => r.status === 'queued' || r.status === 'parsing' || r.status === 'ocr'));

/** The library; with `pollWhileParsing`, reports still parsing are polled until they settle. */
export function useReportCategories(keyword: string, { pollWhileParsing = false } = {}) {
  return useQuery({
    queryKey: [...categoriesKey, keyword],
    queryFn: () => fetchCategories(keyword),
    refetchInterval: pollWhileParsing ? (q) => (parsing(q.state.data) ? POLL_MS : false) : undefined,
  });
}
