import { useMutation } from '@tanstack/react-query';
import { CONSOLE_API_PATHS, rotateAppSecretResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';

/** A new secret for an external app; the old one stops working at once. Shown once. */
export const rotateAppSecret = (app_key: string) =>
  api.post(CONSOLE_API_PATHS.rotateAppSecret, { app_key }, { schema: rotateAppSecretResponseSchema });

export function useRotateAppSecret() {
  return useMutation({ mutationFn: rotateAppSecret });
}
