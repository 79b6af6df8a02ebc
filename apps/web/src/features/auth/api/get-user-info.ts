import type { AccountInfo } from '@portal/contract';
import { userInfoResponseParser } from '../../../lib/parsers';
import { api } from '../../../lib/api';

export async function getUserInfo(): Promise<AccountInfo> {
  const data = await api.get('/api/user/info', { schema: userInfoResponseParser });
  return data.account_info;
}
