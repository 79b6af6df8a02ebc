import { useQuery } from '@tanstack/react-query';
import { QUOTA_API_PATHS, quotaListResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

export const getQuotas = () => api.get(QUOTA_API_PATHS.list, { schema: quotaListResponseSchema });

export function useQuotas() {
  return useQuery({ queryKey: consoleKey('quotas'), queryFn: getQuotas });
}
