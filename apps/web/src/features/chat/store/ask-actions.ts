import { ErrorCode, type AskStreamRequest, type ChatStreamFinish, type Citation } from '@portal/contract';
import { api } from '../../../lib/api';
import { createThrottledUpdater } from '../../../lib/throttled-updater';
import type { SseError } from '../../../lib/sse';
import { askStream } from '../api/ask-stream';
import type { ChatModuleConfig } from '../config/chat-modules';
import { localKey } from '../utils/to-ui-message';
import { useChatStore } from './chat-store';
import type { ChatSettings, UiMessage } from './types';

export const ABORTED_TEXT = '已停止生成';

export interface AskCallbacks {
  /** The answer is stored: ids, status and maybe a new title. */
  onFinish?(finish: ChatStreamFinish): void;
  /** After every outcome (usage and conversation order may have changed). */
  onSettled?(): void;
}

export interface AskInput {
  config: ChatModuleConfig;
  convId: string;
  prompt: string;
  settings: ChatSettings;
  regenerate?: boolean;
  callbacks?: AskCallbacks;
}

interface Increment {
  text: string;
  reasoning: string;
  citations?: Citation[];
  messageId?: string;
}

const mergeIncrements = (a: Increment, b: Increment): Increment => ({
  text: a.text + b.text,
  reasoning: a.reasoning + b.reasoning,
  citations: b.citations ?? a.citations,
  messageId: b.messageId ?? a.messageId,
});

/** Auth failures the HTTP client knows how to repair (refresh the token, re-sync rights). */
const REPAIRABLE = new Set<number>([ErrorCode.tokenExpired, ErrorCode.permissionsChanged]);
const AUTH_CODES = new Set<number>([
  ...REPAIRABLE,
  ErrorCode.notSignedIn,
  ErrorCode.refreshInvalid,
  ErrorCode.resourceGone,
]);

function requestOf(input: AskInput): AskStreamRequest {
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

/**
 * Streams one answer into the conversation's state. Increments are applied once per animation
 * frame; the outcome (finish, error, abort) is applied after the last queued increment.
 */
export async function ask(input: AskInput): Promise<void> {
  const { config, convId, prompt, callbacks } = input;
  const store = useChatStore.getState();
  if (store.sessions[convId]?.isAsking) return;

  const controller = new AbortController();
  const now = Date.now();
  const answerKey = localKey('answer');
  const userKey = localKey('user');
  const answer: UiMessage = { key: answerKey, role: 'assistant', content: '', status: 'generating', create_time: now };
  if (input.regenerate) {
    const last = store.sessions[convId]?.list.at(-1);
    if (last?.role === 'assistant') store.removeMessage(convId, last.key);
    store.appendMessages(convId, [answer]);
  } else {
    store.appendMessages(convId, [
      { key: userKey, role: 'user', content: prompt, status: 'done', create_time: now },
      answer,
    ]);
  }
  store.patchSession(convId, { isAsking: 1, askAbortController: controller, scrollEnd: true, load: 'ready' });

  const update = (change: (m: UiMessage) => UiMessage) =>
    useChatStore.getState().updateMessage(convId, answerKey, change);
  const updater = createThrottledUpdater<Increment>(
    (inc) =>
      update((m) => ({
        ...m,
        message_id: inc.messageId ?? m.message_id,
        content: m.content + inc.text,
        reasoning: inc.reasoning ? (m.reasoning ?? '') + inc.reasoning : m.reasoning,
        citations: inc.citations ?? m.citations,
      })),
    { merge: mergeIncrements },
  );

  // Written from the stream callbacks.
  const outcome: { received: boolean; failure?: SseError } = { received: false };
  const run = (): Promise<void> =>
    askStream(config, requestOf(input), controller.signal, {
      onMessage(data) {
        outcome.received = true;
        updater.push({
          text: data.text ?? '',
          reasoning: data.reasoning ?? '',
          citations: data.citations,
          messageId: data.message_id,
        });
      },
      onFinish(finish) {
        updater.flush();
        update((m) => ({ ...m, message_id: finish.message_id, status: finish.status }));
        if (finish.user_message_id && !input.regenerate) {
          useChatStore.getState().updateMessage(convId, userKey, (m) => ({ ...m, message_id: finish.user_message_id }));
        }
        callbacks?.onFinish?.(finish);
      },
      onError(error) {
        outcome.failure = error;
      },
      onAbort() {
        updater.flush();
        update((m) => ({ ...m, status: 'aborted' }));
      },
    });

  try {
    await run();
    const first = outcome.failure;
    if (first && !outcome.received && first.kind === 'http' && AUTH_CODES.has(first.code)) {
      const healthy = await api.repairAuth(first.code);
      if (healthy && REPAIRABLE.has(first.code) && !controller.signal.aborted) {
        outcome.failure = undefined;
        await run();
      }
    }
    if (outcome.failure) {
      const { message } = outcome.failure;
      updater.flush();
      update((m) => ({ ...m, status: 'incomplete', error: message }));
    }
  } finally {
    updater.cancel();
    useChatStore.getState().patchSession(convId, { isAsking: 0, askAbortController: null });
    callbacks?.onSettled?.();
  }
}

/** Stops the conversation's running answer; the answer keeps its text and is marked aborted. */
export function stopAsking(convId: string): void {
  useChatStore.getState().sessions[convId]?.askAbortController?.abort();
}

/** Asks the last question again, replacing the last answer. */
export function regenerate(input: Omit<AskInput, 'prompt' | 'regenerate'>): Promise<void> {
  const list = useChatStore.getState().sessions[input.convId]?.list ?? [];
  const lastQuestion = [...list].reverse().find((m) => m.role === 'user');
  if (!lastQuestion) return Promise.resolve();
  return ask({ ...input, prompt: lastQuestion.content, regenerate: true });
}
