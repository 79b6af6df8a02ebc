import type { FeedbackAction, FeedbackState } from '@portal/contract';
import { api } from '../../../lib/api';
import type { ChatModuleConfig } from '../config/chat-modules';
import { feedbackStateParser } from './parsers';

/** `POST /api/feedback/{action}` → the caller's feedback on the message after the action. */
export function sendFeedback(
  config: ChatModuleConfig,
  action: FeedbackAction,
  messageId: string,
  convId: string,
): Promise<FeedbackState> {
  return api.post(
    `/api/feedback/${action}`,
    { message_id: messageId, type: config.type, conv_id: convId },
    { schema: feedbackStateParser },
  );
}
