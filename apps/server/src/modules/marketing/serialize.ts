import type { MarketingCollection, MarketingConversation, MarketingMessage } from '@portal/contract';
import type { MarketingCollectionRow, MarketingConversationRow, MarketingMessageRow } from '../../db/schema';

export function toMarketingConversation(row: MarketingConversationRow): MarketingConversation {
  return {
    conv_id: row.id,
    title: row.title,
    create_time: row.createdAt.getTime(),
    update_time: row.updatedAt.getTime(),
  };
}

export function toMarketingMessage(row: MarketingMessageRow, collectId: string | null): MarketingMessage {
  return {
    message_id: row.id,
    conv_id: row.convId,
    role: row.role,
    content: row.content,
    status: row.status,
    attachments: row.attachments.map((a) => ({
      file_id: a.fileId,
      name: a.name,
      mime: a.mime,
      url: `/api/marketing/file/download?file_id=${a.fileId}`,
    })),
    sections: row.sections ?? null,
    collect_id: collectId,
    create_time: row.createdAt.getTime(),
  };
}

export function toMarketingCollection(row: MarketingCollectionRow): MarketingCollection {
  return {
    collect_id: row.id,
    message_id: row.messageId,
    conv_id: row.convId,
    title: row.title,
    tags: row.tags,
    note: row.note,
    content: row.content,
    sections: row.sections,
    create_time: row.createdAt.getTime(),
    update_time: row.updatedAt.getTime(),
  };
}
