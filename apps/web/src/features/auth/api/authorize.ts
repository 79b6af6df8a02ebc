import { authorizeResponseParser } from '../../../lib/parsers';
import { api } from '../../../lib/api';

/** The provider's authorize URL; `from` travels through the login as state. */
export async function getAuthorizeUrl(from: string, forceLogin = false): Promise<string> {
  const data = await api.get('/api/user/authorize', {
    params: forceLogin ? { from, prompt: 'login' } : { from },
    schema: authorizeResponseParser,
    silent: true,
  });
  return data.url;
}
