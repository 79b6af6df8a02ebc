import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@portal/contract';
import { createConversation } from '../api/create-conversation';
import type { ChatModuleConfig } from '../config/chat-modules';
import { useChatStore } from '../store/chat-store';
import { useChatActions } from './use-chat-actions';

const TITLE_CHARS = 30;

/** The first question: create the conversation, open its session page and stream the answer there. */
export function useStartConversation(config: ChatModuleConfig) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { send } = useChatActions(config);
  const [creating, setCreating] = useState(false);

  const start = useCallback(
    async (prompt: string): Promise<boolean> => {
      const settings = useChatStore.getState().settings[config.name];
      setCreating(true);
      let conversation: Conversation;
      try {
        conversation = await createConversation(config, {
          title: prompt.slice(0, TITLE_CHARS),
          model_type: settings.modelType,
          temperature: settings.temperature,
          ...(config.searchOptions ? { lang: settings.lang, enableMix: settings.enableMix } : {}),
        });
      } catch {
        return false;
      } finally {
        setCreating(false);
      }
      queryClient.setQueryData<Conversation[]>(config.convMap, (list) => [conversation, ...(list ?? [])]);
      useChatStore.getState().setMessages(conversation.conv_id, []);
      void send(conversation.conv_id, prompt);
      void navigate(`${config.topPath}/session?id=${encodeURIComponent(conversation.conv_id)}`);
      return true;
    },
    [config, navigate, queryClient, send],
  );
  return { start, creating };
}
