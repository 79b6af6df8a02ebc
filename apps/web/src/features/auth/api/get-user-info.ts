import type { AccountInfo } from '@portal/contract';
import { userInfoResponseParser } from '../../../lib/parsers';
import { api } from '../../../lib/api';

/**
 * `GET /api/user/info`. Quiet: rights that changed since the token was issued are taken in
 * without the 1004 warning and reload, for callers that show the new rights themselves.
 */
export async function getUserInfo(options: { quiet?: boolean } = {}): Promise<AccountInfo> {
  const data = await api.get('/api/user/info', {
    schema: userInfoResponseParser,
    quietRightsChange: options.quiet,
  });
  return data.account_info;
}
