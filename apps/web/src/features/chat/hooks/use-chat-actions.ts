import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatStreamFinish, Conversation } from '@portal/contract';
import { usageQueryKey } from '../api/get-usage';
import type { ChatModuleConfig } from '../config/chat-modules';
import { ask, regenerate, stopAsking, type AskCallbacks } from '../store/ask-actions';
import { useChatStore } from '../store/chat-store';

/** Ask, regenerate and stop for one conversation, keeping the list, title and usage counter current. */
export function useChatActions(config: ChatModuleConfig) {
  const queryClient = useQueryClient();

  const callbacks = useMemo<AskCallbacks>(
    () => ({
      onFinish(finish: ChatStreamFinish) {
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
      ask({ config, convId, prompt, settings: useChatStore.getState().settings[config.name], callbacks }),
    [config, callbacks],
  );
  const retry = useCallback(
    (convId: string) =>
      regenerate({ config, convId, settings: useChatStore.getState().settings[config.name], callbacks }),
    [config, callbacks],
  );
  return { send, retry, stop: stopAsking };
}
