import type { AskStreamRequest } from '@portal/contract';
import { api } from '../../../lib/api';
import { ask, lastQuestion, type AnswerTransport, type AskCallbacks, type Reattach } from '../../../components/thread';
import { askAsync } from '../api/ask-async';
import { askStreamTransport } from '../api/ask-stream';
import { followAnswer } from '../api/follow-answer';
import { getCompletion } from '../api/get-completion';
import type { MessageRoute } from '../api/load-endpoints';
import { stopAnswer } from '../api/stop-answer';
import type { ChatModuleConfig } from '../config/chat-modules';
import { messageApiOf } from '../config/message-api';
import { useChatStore } from './chat-store';
import type { ChatSettings } from './settings-slice';

export interface ChatAskInput {
  config: ChatModuleConfig;
  convId: string;
  prompt: string;
  settings: ChatSettings;
  regenerate?: boolean;
  callbacks?: AskCallbacks;
}

function requestOf(input: ChatAskInput): AskStreamRequest {
  const { config, convId, prompt, settings, regenerate } = input;
  return {
    conv_id: convId,
    prompt,
    model_type: settings.modelType,
    temperature: settings.temperature,
    ...(config.searchOptions ? { lang: settings.lang, enableMix: settings.enableMix } : {}),
    ...(regenerate ? { regenerate: true } : {}),
  };
}

/** The stored answer of a model served elsewhere, for polling. */
export const completionOf = (route: MessageRoute) => (messageId: string, signal: AbortSignal) =>
  getCompletion(route, messageId, signal);

/** Re-attaching to an answer still generated when its conversation opened (a reload, another device). */
export const reattachOf = (route: MessageRoute): Reattach => ({
  follow: followAnswer(route),
  completion: completionOf(route),
  stop: (messageId) => stopAnswer(route, messageId),
});

/** Streamed or polled, by the chosen model's entry. */
export function transportFor(input: ChatAskInput): AnswerTransport {
  const route = messageApiOf(input.config, input.settings.modelType);
  const body = requestOf(input);
  if (route.transport === 'poll') {
    return {
      kind: 'poll',
      ask: () => askAsync(route, body),
      completion: completionOf(route),
      stop: (messageId) => stopAnswer(route, messageId),
    };
  }
  // The HTTP client repairs an auth code the stream met before its first event, as for any call.
  return askStreamTransport(
    route,
    body,
    (code) => api.repairAuth(code),
    (messageId) => stopAnswer(route, messageId),
  );
}

/** Asks in a conversation of a chat module; the answer is written into the chat store. */
export function chatAsk(input: ChatAskInput): Promise<void> {
  return ask({
    store: useChatStore,
    threadId: input.convId,
    prompt: input.prompt,
    transport: transportFor(input),
    expectReasoning: messageApiOf(input.config, input.settings.modelType).reasoning,
    regenerate: input.regenerate,
    callbacks: input.callbacks,
  });
}

/** Asks the last question again, replacing the last answer. */
export function chatRegenerate(input: Omit<ChatAskInput, 'prompt' | 'regenerate'>): Promise<void> {
  const prompt = lastQuestion(useChatStore, input.convId);
  if (prompt === undefined) return Promise.resolve();
  return chatAsk({ ...input, prompt, regenerate: true });
}
