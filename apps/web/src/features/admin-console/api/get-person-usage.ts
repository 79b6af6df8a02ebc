import { useQuery } from '@tanstack/react-query';
import { PERSON_USAGE_API_PATH, personUsageResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

/** This person's asks per module, the limit that applies and the rule that decides it. */
export const getPersonUsage = (userId: number) =>
  api.get(PERSON_USAGE_API_PATH, { params: { user_id: userId }, schema: personUsageResponseSchema });

export function usePersonUsage(userId: number | undefined) {
  return useQuery({
    queryKey: consoleKey('person-usage', userId),
    queryFn: () => getPersonUsage(userId ?? 0),
    enabled: userId !== undefined,
  });
}
