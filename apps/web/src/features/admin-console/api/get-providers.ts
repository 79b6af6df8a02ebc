import { useQuery } from '@tanstack/react-query';
import { signInProvidersResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

/** The configured workplace providers, for the directory sync buttons. */
export const getProviders = () => api.get('/api/user/providers', { schema: signInProvidersResponseSchema });

export function useProviders() {
  return useQuery({ queryKey: consoleKey('providers'), queryFn: getProviders, staleTime: Infinity });
}
