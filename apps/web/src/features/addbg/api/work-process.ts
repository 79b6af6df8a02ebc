import { useQuery } from '@tanstack/react-query';
import { addbgEndpoints as e, DEFAULT_POLL_INTERVAL_MS } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { addbgKeys } from './keys';

/** A work's progress, polled at the spec's interval until it is done or failed. */
export function useWorkProcess(workId: string | null) {
  return useQuery({
    queryKey: addbgKeys.process(workId ?? ''),
    enabled: workId !== null,
    queryFn: () => callEndpoint(e.process, { query: { work_id: workId! } }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : DEFAULT_POLL_INTERVAL_MS;
    },
  });
}
