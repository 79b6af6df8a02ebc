import type { ChatMessage, Conversation } from '@portal/contract';
import type { ChatMessageRow, ConversationRow, MessageFeedbackRow } from '../../db/schema';

export function toConversation(row: ConversationRow): Conversation {
  return {
    conv_id: row.id,
    title: row.title,
    type: row.type,
    model_type: row.modelType,
    last_prompt_temperature: row.lastPromptTemperature,
    ...(row.lang === 0 || row.lang === 1 ? { lang: row.lang } : {}),
    ...(row.enableMix !== null ? { enableMix: row.enableMix } : {}),
    create_time: row.createdAt.getTime(),
    update_time: row.updatedAt.getTime(),
  };
}

export function toChatMessage(row: ChatMessageRow, feedback?: MessageFeedbackRow['value']): ChatMessage {
  return {
    message_id: row.id,
    conv_id: row.convId,
    role: row.role,
    content: row.content,
    ...(row.reasoning ? { reasoning: row.reasoning } : {}),
    ...(row.citations?.length ? { citations: row.citations } : {}),
    status: row.status,
    ...(row.modelType !== null ? { model_type: row.modelType } : {}),
    ...(row.temperature !== null ? { temperature: row.temperature } : {}),
    feedback: feedback ?? null,
    create_time: row.createdAt.getTime(),
  };
}
