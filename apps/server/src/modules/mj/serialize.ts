import { ModuleType, type MjConversation, type MjImage, type MjMessage } from '@portal/contract';
import type { ConversationRow, MjImageRow, MjMessageRow } from '../../db/schema';

export function imageUrl(imageId: string): string {
  return `/api/chatgpt/mj/image?image_id=${imageId}`;
}

function toImage(row: MjImageRow): MjImage {
  return { image_id: row.id, url: imageUrl(row.id), width: row.width, height: row.height, position: row.position };
}

/** An upscale is one image; every other turn draws a grid. */
export function layoutOf(action: MjMessageRow['action']): MjMessage['layout'] {
  return action === 'upscale' ? 'single' : 'grid';
}

export function toMjMessage(row: MjMessageRow, images: MjImageRow[]): MjMessage {
  return {
    message_id: row.id,
    conv_id: row.convId,
    action: row.action,
    variant: row.variant,
    parent_id: row.parentId,
    prompt: row.prompt,
    status: row.status,
    progress: row.progress,
    status_text: row.statusText,
    layout: layoutOf(row.action),
    images: images.filter((i) => i.messageId === row.id).map(toImage),
    engine: row.engine,
    create_time: row.createdAt.getTime(),
  };
}

export function toMjConversation(row: ConversationRow): MjConversation {
  return {
    conv_id: row.id,
    title: row.title,
    type: ModuleType.midjourney,
    create_time: row.createdAt.getTime(),
    update_time: row.updatedAt.getTime(),
  };
}

/** A conversation is named after its first prompt. */
export function titleOf(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  return flat.length > 30 ? `${flat.slice(0, 30)}…` : flat;
}
