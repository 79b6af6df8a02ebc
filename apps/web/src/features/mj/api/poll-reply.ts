import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_POLL_INTERVAL_MS, type MjMessage, type MjMessageListResponse } from '@portal/contract';
import { mjEndpoints as e } from '@portal/contract/endpoints/mj';
import { callEndpoint } from '../../../lib/call-endpoint';
import { mjKeys } from './keys';

export const isFinished = (m: MjMessage) => m.status === 'done' || m.status === 'failed';

/**
 * A turn as it is now: while it is queued or drawn, `replyMessage` is polled at the spec's
 * interval; once it ends, the conversation's list takes the finished turn and the usage is read
 * again (a failed turn gave its images back).
 */
export function useLiveTurn(turn: MjMessage): MjMessage {
  const client = useQueryClient();
  const pending = !isFinished(turn);
  const polled = useQuery({
    queryKey: mjKeys.reply(turn.message_id),
    enabled: pending,
    queryFn: () => callEndpoint(e.replyMessage, { query: { message_id: turn.message_id } }),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : DEFAULT_POLL_INTERVAL_MS),
  });
  const live = pending && polled.data ? polled.data : turn;
  useEffect(() => {
    if (!pending || !isFinished(live)) return;
    client.setQueryData<MjMessageListResponse>(
      mjKeys.turns(turn.conv_id),
      (list) => list && { ...list, list: list.list.map((m) => (m.message_id === live.message_id ? live : m)) },
    );
    void client.invalidateQueries({ queryKey: mjKeys.status });
  }, [client, live, pending, turn.conv_id]);
  return live;
}
