import { api } from '../../../lib/api';
import type { ChatModuleConfig } from '../config/chat-modules';

export async function deleteConversation(config: ChatModuleConfig, convId: string): Promise<void> {
  await api.post(`${config.chatApiPath}/conversation/delete`, { conv_id: convId, type: config.type });
}
