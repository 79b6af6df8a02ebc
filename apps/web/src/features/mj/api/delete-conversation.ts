import { mjEndpoints as e } from '@portal/contract/endpoints/mj';
import { callEndpoint } from '../../../lib/call-endpoint';

export async function deleteMjConversation(convId: string): Promise<void> {
  await callEndpoint(e.conversationDelete, { body: { conv_id: convId }, silent: true });
}
