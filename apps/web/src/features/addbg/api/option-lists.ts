import { useQuery } from '@tanstack/react-query';
import { addbgEndpoints as e } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { addbgKeys } from './keys';

/** The option lists change only with the server's configuration: fetched once per visit. */
const listQuery = <T>(name: string, fetch: () => Promise<{ list: T[] }>) => ({
  queryKey: addbgKeys.list(name),
  queryFn: async () => (await fetch()).list,
  staleTime: 10 * 60_000,
});

export const useSizes = () => useQuery(listQuery('sizes', () => callEndpoint(e.sizeList, { query: {} })));
export const useLights = () => useQuery(listQuery('lights', () => callEndpoint(e.lightList, { query: {} })));
export const useBackgrounds = () =>
  useQuery(listQuery('backgrounds', () => callEndpoint(e.backgroundNewList, { query: {} })));
export const useBackgroundStyles = () =>
  useQuery(listQuery('background-styles', () => callEndpoint(e.backgroundStyleList, { query: {} })));
export const useFacechainStatus = () =>
  useQuery({
    queryKey: addbgKeys.list('facechain'),
    queryFn: () => callEndpoint(e.facechainProjectCanCreate, { query: {} }),
    staleTime: 10 * 60_000,
  });
