import type { AsyncAskRequest, AsyncAskResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { asyncAskResponseParser } from './parsers';

/** `POST {prefix}/message/ask` of an asynchronous model: the question is stored, the ids come back at once. */
export function askAsync(path: string, body: AsyncAskRequest): Promise<AsyncAskResponse> {
  return api.post(path, body, { schema: asyncAskResponseParser });
}
