import type { SignInProvider, SignInProvidersResponse } from '@portal/contract';
import { WORKPLACE_PROVIDERS } from '@portal/contract';
import { api } from '../../../lib/api';
import type { Parser } from '../../../lib/parsers';

const isProvider = (v: unknown): v is SignInProvider => {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    (WORKPLACE_PROVIDERS as readonly unknown[]).includes(p.name) &&
    typeof p.label === 'string' &&
    typeof p.qr === 'boolean'
  );
};

/** A hand check rather than zod: the login route stays small. */
const providersParser: Parser<SignInProvidersResponse> = {
  safeParse(data) {
    const d = data as Partial<SignInProvidersResponse> | null;
    if (d && typeof d.oidc === 'boolean' && Array.isArray(d.list) && d.list.every(isProvider)) {
      return { success: true, data: d as SignInProvidersResponse };
    }
    return { success: false, error: new Error('providers') };
  },
};

/** `GET /api/user/providers`: the workplace sign-ins the login page may offer. */
export function getSignInProviders(): Promise<SignInProvidersResponse> {
  return api.get('/api/user/providers', { schema: providersParser, silent: true });
}
