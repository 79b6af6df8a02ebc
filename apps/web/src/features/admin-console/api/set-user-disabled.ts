import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

export const setUserDisabled = (v: { user_id: number; disabled: boolean }) =>
  api.post(CONSOLE_API_PATHS.setUserDisabled, v);

export function useSetUserDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setUserDisabled,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}
