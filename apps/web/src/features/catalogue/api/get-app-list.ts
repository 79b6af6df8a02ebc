import { useQuery } from '@tanstack/react-query';
import type { AppListEntry } from '@portal/contract';
import { appListResponseParser } from '../../../lib/parsers';
import { api } from '../../../lib/api';

export async function getAppList(): Promise<AppListEntry[]> {
  const data = await api.get('/api/app/list', { schema: appListResponseParser });
  return data.list;
}

export const appListQuery = { queryKey: ['app', 'list'], queryFn: getAppList, staleTime: 60_000 } as const;

export function useAppList() {
  return useQuery(appListQuery);
}
