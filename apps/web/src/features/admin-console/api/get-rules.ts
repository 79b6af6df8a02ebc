import { useQuery } from '@tanstack/react-query';
import { ADMIN_API_PATHS, adminRuleListResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

export const getRules = () => api.get(ADMIN_API_PATHS.listRules, { schema: adminRuleListResponseSchema });

export function useRules() {
  return useQuery({ queryKey: consoleKey('rules'), queryFn: getRules });
}
