import { sendEndpoint } from '../../../lib/call-endpoint';
import type { ChatModuleConfig } from '../config/chat-modules';
import { conversationEndpoints } from './load-endpoints';

/** The list shows the new title itself: the stored conversation that comes back is not read. */
export async function renameConversation(config: ChatModuleConfig, convId: string, title: string): Promise<void> {
  const { conversationUpdate } = await conversationEndpoints(config.name);
  await sendEndpoint(conversationUpdate, { body: { conv_id: convId, title, type: config.type } });
}
