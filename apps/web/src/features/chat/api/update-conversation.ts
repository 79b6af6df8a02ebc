import type { Conversation } from '@portal/contract';
import { sendEndpoint } from '../../../lib/call-endpoint';
import type { ChatModuleConfig } from '../config/chat-modules';
import { conversationEndpoints } from './load-endpoints';

/**
 * The list shows the new title itself: the stored conversation that comes back is not read. The
 * type is the conversation's own (the chatgpt list holds image conversations too, type 1).
 */
export async function renameConversation(
  config: ChatModuleConfig,
  conversation: Pick<Conversation, 'conv_id' | 'type'>,
  title: string,
): Promise<void> {
  const { conversationUpdate } = await conversationEndpoints(config.name);
  await sendEndpoint(conversationUpdate, { body: { conv_id: conversation.conv_id, title, type: conversation.type } });
}
