import { useQuery } from '@tanstack/react-query';
import { mjEndpoints as e } from '@portal/contract/endpoints/mj';
import { callEndpoint } from '../../../lib/call-endpoint';
import { mjKeys } from './keys';

/** The newest turns a conversation shows. */
export const MJ_TURNS_SHOWN = 100;

/** The turns of an image conversation (after a reload too: everything is stored on the server). */
export function useMjTurns(convId: string | null) {
  return useQuery({
    queryKey: mjKeys.turns(convId ?? ''),
    enabled: convId !== null,
    queryFn: () => callEndpoint(e.messageList, { query: { conv_id: convId!, page: 1, page_size: MJ_TURNS_SHOWN } }),
  });
}
