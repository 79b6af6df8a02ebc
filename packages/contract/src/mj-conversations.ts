import { ModuleType } from './modules';

// Apart from mj.ts and its schemas: the chat route's conversation list needs these two values,
// and importing them from mj.ts brought the image module's schemas into the chat chunk (36 KB gzip).

/**
 * Image conversations are conversations of the chatgpt app with the image type (section 3: type
 * 1): its conversation list shows them beside the text ones, and renames and deletes them.
 */
export const MJ_CONVERSATION_MODULE = 'chatgpt' as const;
export const MJ_CONVERSATION_TYPE = ModuleType.midjourney;
/** Where an image conversation opens (the chatgpt app's image mode). */
export function mjConversationPath(convId: string): string {
  return `/chatgpt/image?id=${encodeURIComponent(convId)}`;
}
