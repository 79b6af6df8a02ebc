import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@portal/contract';
import { stopAsking, type AnswerFinish, type AskCallbacks } from '../../../components/thread';
import { usageQueryKey } from '../api/get-usage';
import type { ChatModuleConfig } from '../config/chat-modules';
import { chatAsk, chatRegenerate } from '../store/chat-ask';
import { useChatStore } from '../store/chat-store';

/** Ask, regenerate and stop for one conversation, keeping the list, title and usage counter current. */
export function useChatActions(config: ChatModuleConfig) {
  const queryClient = useQueryClient();

  const callbacks = useMemo<AskCallbacks>(
    () => ({
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
    }),
    [queryClient, config],
  );

  const send = useCallback(
    (convId: string, prompt: string) =>
      chatAsk({ config, convId, prompt, settings: useChatStore.getState().settings[config.name], callbacks }),
    [config, callbacks],
  );
  const retry = useCallback(
    (convId: string) =>
      chatRegenerate({ config, convId, settings: useChatStore.getState().settings[config.name], callbacks }),
    [config, callbacks],
  );
  const stop = useCallback((convId: string) => stopAsking(useChatStore, convId), []);
  return { send, retry, stop };
}
