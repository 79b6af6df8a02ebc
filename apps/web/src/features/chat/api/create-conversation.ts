import type { Conversation, ConversationCreateRequest } from '@portal/contract';
import type { ChatModuleConfig } from '../config/chat-modules';
import { conversationEndpoints } from './load-endpoints';

/**
 * The first question's call. The call helper loads with it, like the descriptors: imported here
 * statically it would join the welcome screen's chunk, which every other page calling an endpoint
 * would then download.
 */
export async function createConversation(
  config: ChatModuleConfig,
  body: ConversationCreateRequest,
): Promise<Conversation> {
  const [{ callEndpoint }, { conversationCreate }] = await Promise.all([
    import('../../../lib/call-endpoint'),
    conversationEndpoints(config.name),
  ]);
  return callEndpoint(conversationCreate, { body });
}
