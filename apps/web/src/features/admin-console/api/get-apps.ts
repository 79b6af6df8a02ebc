import { useQuery } from '@tanstack/react-query';
import { ADMIN_API_PATHS, adminAppListResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

export const getApps = () => api.get(ADMIN_API_PATHS.listApps, { schema: adminAppListResponseSchema });

export function useApps() {
  return useQuery({ queryKey: consoleKey('apps'), queryFn: getApps });
}
