import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API_PATHS, type AppDefinition } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

export const saveApp = (app: AppDefinition) => api.post(ADMIN_API_PATHS.upsertApp, app);

export function useSaveApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveApp,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}
