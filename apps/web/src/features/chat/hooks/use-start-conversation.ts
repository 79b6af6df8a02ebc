import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@portal/contract';
import { createConversation } from '../api/create-conversation';
import type { ChatModuleConfig } from '../config/chat-modules';
import { chatAskCallbacks } from '../store/ask-callbacks';
import type { chatAsk as ChatAsk } from '../store/chat-ask';
import { useChatStore } from '../store/chat-store';

const TITLE_CHARS = 30;

/** The first question: create the conversation, open its session page and stream the answer there. */
export function useStartConversation(config: ChatModuleConfig) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);

  const start = useCallback(
    async (prompt: string): Promise<boolean> => {
      const settings = useChatStore.getState().settings[config.name];
      setCreating(true);
      let conversation: Conversation;
      let chatAsk: typeof ChatAsk;
      try {
        // The answer runner (event stream, polling) comes with the session screen's chunk, loaded
        // beside the create call: the welcome screen paints without it, the first question does not
        // wait longer, and the session screen it opens is then at hand.
        [conversation, { chatAsk }] = await Promise.all([
          createConversation(config, {
            title: prompt.slice(0, TITLE_CHARS),
            model_type: settings.modelType,
            temperature: settings.temperature,
            ...(config.searchOptions ? { lang: settings.lang, enableMix: settings.enableMix } : {}),
          }),
          import('../session-screen'),
        ]);
      } catch {
        return false;
      } finally {
        setCreating(false);
      }
      queryClient.setQueryData<Conversation[]>(config.convMap, (list) => [conversation, ...(list ?? [])]);
      useChatStore.getState().setMessages(conversation.conv_id, []);
      void chatAsk({
        config,
        convId: conversation.conv_id,
        prompt,
        settings: useChatStore.getState().settings[config.name],
        callbacks: chatAskCallbacks(queryClient, config),
      });
      void navigate(`${config.topPath}/session?id=${encodeURIComponent(conversation.conv_id)}`);
      return true;
    },
    [config, navigate, queryClient],
  );
  return { start, creating };
}
