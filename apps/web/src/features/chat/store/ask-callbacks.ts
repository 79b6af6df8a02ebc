import type { QueryClient } from '@tanstack/react-query';
import type { Conversation } from '@portal/contract';
import type { AnswerFinish, AskCallbacks } from '../../../components/thread';
import { usageQueryKey } from '../api/get-usage';
import type { ChatModuleConfig } from '../config/chat-modules';

/** What an answer updates beside its thread: the conversation's title, the list and the usage counter. */
export function chatAskCallbacks(queryClient: QueryClient, config: ChatModuleConfig): AskCallbacks {
  return {
    onFinish(finish: AnswerFinish) {
      if (!finish.title) return;
      queryClient.setQueryData<Conversation[]>(config.convMap, (list) =>
        list?.map((c) => (c.conv_id === finish.conv_id ? { ...c, title: finish.title ?? c.title } : c)),
      );
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: usageQueryKey(config) });
      void queryClient.invalidateQueries({ queryKey: config.convMap });
    },
  };
}
