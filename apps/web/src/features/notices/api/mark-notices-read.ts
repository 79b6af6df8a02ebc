import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTICE_API_PATHS, type NoticeListResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { markNoticesReadResponseParser } from '../../../lib/parsers';
import { NOTICES_QUERY_KEY } from './get-notices';

/** Marks the given notices read, or every one without ids. */
export const markNoticesRead = (ids?: number[]) =>
  api.post(NOTICE_API_PATHS.read, ids ? { ids } : {}, { schema: markNoticesReadResponseParser });

export function useMarkNoticesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNoticesRead,
    onSuccess: ({ unread }, ids) => {
      client.setQueryData<NoticeListResponse>(NOTICES_QUERY_KEY, (old) =>
        old ? { unread, list: old.list.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)) } : old,
      );
    },
  });
}
