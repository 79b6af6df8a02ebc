import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

export const deleteApp = (app_key: string) => api.post(ADMIN_API_PATHS.deleteApp, { app_key });

export function useDeleteApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteApp,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}
