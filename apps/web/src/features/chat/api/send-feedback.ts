import type { FeedbackAction, FeedbackState } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import type { ChatModuleConfig } from '../config/chat-modules';
import { feedbackEndpoint } from './load-endpoints';

/** `POST /api/feedback/{action}` → the caller's feedback on the message after the action. */
export async function sendFeedback(
  config: ChatModuleConfig,
  action: FeedbackAction,
  messageId: string,
  convId: string,
): Promise<FeedbackState> {
  return callEndpoint(await feedbackEndpoint(action), {
    body: { message_id: messageId, type: config.type, conv_id: convId },
  });
}
