import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { stopAsking } from '../../../components/thread';
import type { ChatModuleConfig } from '../config/chat-modules';
import { chatAskCallbacks } from '../store/ask-callbacks';
import { chatAsk, chatRegenerate } from '../store/chat-ask';
import { useChatStore } from '../store/chat-store';

/** Ask, regenerate and stop for one conversation, keeping the list, title and usage counter current. */
export function useChatActions(config: ChatModuleConfig) {
  const queryClient = useQueryClient();
  const callbacks = useMemo(() => chatAskCallbacks(queryClient, config), [queryClient, config]);

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
