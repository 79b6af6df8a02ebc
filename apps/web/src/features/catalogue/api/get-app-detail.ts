import { useQuery } from '@tanstack/react-query';
import type { AppDetailResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { appListEntryParser } from '../../../lib/parsers';

export function getAppDetail(appKey: string): Promise<AppDetailResponse> {
  return api.get('/api/app/detail', { params: { app_key: appKey }, schema: appListEntryParser, silent: true });
}

export function useAppDetail(appKey: string) {
  return useQuery({
    queryKey: ['app', 'detail', appKey],
    queryFn: () => getAppDetail(appKey),
    staleTime: 60_000,
    retry: false,
  });
}
