import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDENTITY_API_PATHS, linkedAccountsResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

/** The two accounts become one person: a rule or admin entry naming either covers both. */
export const linkAccounts = (v: { user_id: number; other_user_id: number }) =>
  api.post(IDENTITY_API_PATHS.link, v, { schema: linkedAccountsResponseSchema });

/** The account stands alone again. */
export const unlinkAccount = (user_id: number) =>
  api.post(IDENTITY_API_PATHS.unlink, { user_id }, { schema: linkedAccountsResponseSchema });

export function useLinkAccounts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: linkAccounts,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}

export function useUnlinkAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}
