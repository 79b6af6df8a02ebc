import type { AsyncAskRequest, AsyncAskResponse } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { messageEndpoints, type MessageRoute } from './load-endpoints';

/** `POST /api/{api}/message/ask` of an asynchronous model: the question is stored, the ids come back at once. */
export async function askAsync(route: MessageRoute, body: AsyncAskRequest): Promise<AsyncAskResponse> {
  const { ask } = await messageEndpoints(route);
  if (!('data' in ask)) throw new Error(`${ask.path} streams its answers: it is not polled`);
  return callEndpoint(ask, { body });
}
