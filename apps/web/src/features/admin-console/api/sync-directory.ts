import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API_PATHS, directorySyncResponseSchema, type WorkplaceProvider } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

export const syncDirectory = (provider: WorkplaceProvider) =>
  api.post(CONSOLE_API_PATHS.directorySync, { provider }, { schema: directorySyncResponseSchema });

export function useSyncDirectory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncDirectory,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}
