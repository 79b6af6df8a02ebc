import type { AuthorizeMode, WorkplaceProvider } from '@portal/contract';
import { authorizeResponseParser } from '../../../lib/parsers';
import { api } from '../../../lib/api';

/**
 * The provider's authorize URL; `from` travels through the login as state. With `workplace`,
 * WeCom, Feishu or DingTalk instead of the OIDC provider (`client`: the in-client silent sign-in).
 */
export async function getAuthorizeUrl(
  from: string,
  forceLogin = false,
  workplace?: { provider: WorkplaceProvider; mode: AuthorizeMode },
): Promise<string> {
  const data = await api.get('/api/user/authorize', {
    params: { from, ...(forceLogin ? { prompt: 'login' } : {}), ...(workplace ?? {}) },
    schema: authorizeResponseParser,
    silent: true,
  });
  return data.url;
}
