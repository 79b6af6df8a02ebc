import type { Conversation, ConversationCreateRequest } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import type { ChatModuleConfig } from '../config/chat-modules';
import { conversationEndpoints } from './load-endpoints';

export async function createConversation(
  config: ChatModuleConfig,
  body: ConversationCreateRequest,
): Promise<Conversation> {
  return callEndpoint((await conversationEndpoints(config.name)).conversationCreate, { body });
}
