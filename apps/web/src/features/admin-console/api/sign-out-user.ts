import { useMutation } from '@tanstack/react-query';
import { CONSOLE_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';

/** Revokes every session of the person; their open pages sign in again. */
export const signOutUser = (user_id: number) => api.post(CONSOLE_API_PATHS.signOutUser, { user_id });

export function useSignOutUser() {
  return useMutation({ mutationFn: signOutUser });
}
