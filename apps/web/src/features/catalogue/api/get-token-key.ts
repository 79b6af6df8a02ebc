import { api } from '../../../lib/api';
import { tokenKeyResponseParser } from '../../../lib/parsers';

/** One-time code handed to an external app in `blueaicode`. */
export async function getTokenKey(appKey: string): Promise<string> {
  const data = await api.get('/api/studio/get_token_key', {
    params: { app_key: appKey },
    schema: tokenKeyResponseParser,
  });
  return data.token_key;
}
