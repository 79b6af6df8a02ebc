import { api } from '../../../lib/api';
import type { ChatModuleConfig } from '../config/chat-modules';

export async function renameConversation(config: ChatModuleConfig, convId: string, title: string): Promise<void> {
  await api.post(`${config.chatApiPath}/conversation/update`, { conv_id: convId, title, type: config.type });
}
