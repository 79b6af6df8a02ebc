import { useQuery } from '@tanstack/react-query';
import { userEndpoints } from '@portal/contract/endpoints/portal';
import { callEndpoint } from '../../../lib/call-endpoint';
import { consoleKey } from './query-keys';

/** The configured workplace providers, for the directory sync buttons. */
export const getProviders = () => callEndpoint(userEndpoints.providers);

export function useProviders() {
  return useQuery({ queryKey: consoleKey('providers'), queryFn: getProviders, staleTime: Infinity });
}
