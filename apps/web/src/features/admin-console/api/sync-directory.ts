import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API_PATHS, directorySyncJobSchema, type WorkplaceProvider } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT, consoleKey } from './query-keys';

/** Queues the sync job (or joins the one already queued or running for the provider). */
export const syncDirectory = (provider: WorkplaceProvider) =>
  api.post(CONSOLE_API_PATHS.directorySync, { provider }, { schema: directorySyncJobSchema });

export const getSyncStatus = (jobId: number) =>
  api.get(CONSOLE_API_PATHS.directorySyncStatus, { params: { job_id: jobId }, schema: directorySyncJobSchema });

export function useSyncDirectory() {
  return useMutation({ mutationFn: syncDirectory });
}

/** Follows a sync job every 2 s until it ends; then the departments and rights views refresh. */
export function useSyncStatus(jobId: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: consoleKey('directory-sync', jobId),
    enabled: jobId !== undefined,
    queryFn: async () => {
      const job = await getSyncStatus(jobId!);
      if (job.state === 'done')
        void client.invalidateQueries({
          queryKey: CONSOLE_QUERY_ROOT,
          exact: false,
          predicate: (q) => q.queryKey[1] !== 'directory-sync',
        });
      return job;
    },
    refetchInterval: (query) => (['queued', 'active'].includes(query.state.data?.state ?? 'queued') ? 2000 : false),
  });
}
