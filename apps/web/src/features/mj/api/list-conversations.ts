import { useQuery } from '@tanstack/react-query';
import { mjEndpoints as e } from '@portal/contract/endpoints/mj';
import { callEndpoint } from '../../../lib/call-endpoint';
import { mjKeys } from './keys';

/** The image conversations, most recently used first. */
export function useMjConversations() {
  return useQuery({
    queryKey: mjKeys.conversations,
    queryFn: async () => (await callEndpoint(e.conversationList)).conv_list,
  });
}
