import type { Conversation } from '@portal/contract';
import { sendEndpoint } from '../../../lib/call-endpoint';
import type { ChatModuleConfig } from '../config/chat-modules';
import { conversationEndpoints } from './load-endpoints';

/** By the conversation's own type: an image conversation (type 1) is deleted with its images. */
export async function deleteConversation(
  config: ChatModuleConfig,
  conversation: Pick<Conversation, 'conv_id' | 'type'>,
): Promise<void> {
  const { conversationDelete } = await conversationEndpoints(config.name);
  await sendEndpoint(conversationDelete, { body: { conv_id: conversation.conv_id, type: conversation.type } });
}
