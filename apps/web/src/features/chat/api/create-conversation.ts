import type { Conversation, ConversationCreateRequest } from '@portal/contract';
import { api } from '../../../lib/api';
import { loadChatParsers } from './load-parsers';
import type { ChatModuleConfig } from '../config/chat-modules';

export function createConversation(config: ChatModuleConfig, body: ConversationCreateRequest): Promise<Conversation> {
  return api.post(`${config.chatApiPath}/conversation/create`, body, {
    schema: loadChatParsers().then((p) => p.conversationParser),
  });
}
