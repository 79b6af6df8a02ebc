import type { SignInProvider } from '@portal/contract';
import { getAuthorizeUrl } from '../api/authorize';
import { getSignInProviders } from '../api/get-sign-in-providers';
import { detectWorkplaceClient } from './workplace-client';

export type SignInStart =
  | { kind: 'redirect'; url: string }
  /** `oidc`: the company account (OIDC or the built-in provider) is offered besides the providers. */
  | { kind: 'choose'; providers: SignInProvider[]; oidc: boolean };

/**
 * Where the login page goes without a code: inside WeCom, Feishu or DingTalk straight to that
 * provider's in-client sign-in (no click); in a browser with workplace providers configured, a
 * choice; otherwise the OIDC provider as before.
 */
export async function startSignIn(from: string, forceLogin: boolean, userAgent: string): Promise<SignInStart> {
  // An older server without the providers endpoint, or a failing one, must not block sign-in.
  const { list: providers, oidc } = await getSignInProviders().catch(() => ({
    list: [] as SignInProvider[],
    oidc: true,
  }));
  const inClient = detectWorkplaceClient(userAgent);
  if (inClient && providers.some((p) => p.name === inClient)) {
    return { kind: 'redirect', url: await getAuthorizeUrl(from, forceLogin, { provider: inClient, mode: 'client' }) };
  }
  if (providers.length > 0) return { kind: 'choose', providers, oidc };
  return { kind: 'redirect', url: await getAuthorizeUrl(from, forceLogin) };
}
