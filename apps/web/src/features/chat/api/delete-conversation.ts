import { sendEndpoint } from '../../../lib/call-endpoint';
import type { ChatModuleConfig } from '../config/chat-modules';
import { conversationEndpoints } from './load-endpoints';

export async function deleteConversation(config: ChatModuleConfig, convId: string): Promise<void> {
  const { conversationDelete } = await conversationEndpoints(config.name);
  await sendEndpoint(conversationDelete, { body: { conv_id: convId, type: config.type } });
}
