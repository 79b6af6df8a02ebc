import type { MjAskResponse, MjFollowAction } from '@portal/contract';
import { mjEndpoints as e } from '@portal/contract/endpoints/mj';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `receiveMessage`: U (upscale) or V (variation) of image `index`, or reroll; a new queued turn. */
export function actOnReply(messageId: string, action: MjFollowAction, index?: number): Promise<MjAskResponse> {
  return callEndpoint(e.receiveMessage, {
    body: { message_id: messageId, action, ...(index === undefined ? {} : { index }) },
    silent: true,
  });
}
