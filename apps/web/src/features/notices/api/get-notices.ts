import { useQuery } from '@tanstack/react-query';
import { NOTICE_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { noticeListResponseParser } from '../../../lib/parsers';

export const NOTICES_QUERY_KEY = ['notices'] as const;

export const getNotices = () => api.get(NOTICE_API_PATHS.list, { schema: noticeListResponseParser });

/** The person's notices; looked at again every minute and whenever the tab comes back. */
export function useNotices() {
  return useQuery({ queryKey: NOTICES_QUERY_KEY, queryFn: getNotices, refetchInterval: 60_000 });
}
