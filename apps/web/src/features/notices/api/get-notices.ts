import { useQuery } from '@tanstack/react-query';
import { NOTICE_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { noticeListResponseParser } from '../../../lib/parsers';

export const NOTICES_QUERY_KEY = ['notices'] as const;

/**
 * Rights that changed since the token (a grant or a withdrawal, announced by a notice) are taken
 * in quietly: the page is checked by the guard again instead of the 1004 dialog and a reload.
 */
export const getNotices = () =>
  api.get(NOTICE_API_PATHS.list, { schema: noticeListResponseParser, quietRightsChange: true });

/** The person's notices; looked at again every minute and whenever the tab comes back. */
export function useNotices() {
  return useQuery({ queryKey: NOTICES_QUERY_KEY, queryFn: getNotices, refetchInterval: 60_000 });
}
