import type { ChatMessage } from '@portal/contract';
import type { UiMessage } from './types';

export function toUiMessage(message: ChatMessage): UiMessage {
  return {
    key: message.message_id,
    message_id: message.message_id,
    role: message.role,
    content: message.content,
    reasoning: message.reasoning,
    citations: message.citations,
    status: message.status,
    feedback: message.feedback ?? null,
    create_time: message.create_time,
  };
}

let counter = 0;
/** Key of a message that has no server id yet. */
export function localKey(prefix: string): string {
  counter += 1;
  return `local-${prefix}-${Date.now().toString(36)}-${counter}`;
}
