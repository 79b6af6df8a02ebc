import type {
  SessionAskAction,
  SessionAskRequest,
  SessionMessage,
  SessionMessageKind,
  SessionStreamFinish,
  SessionStreamMessage,
} from '@portal/contract';
import {
  ask,
  lastQuestion,
  type AnswerSnapshot,
  type AnswerTransport,
  type AskCallbacks,
  type Reattach,
  type StreamTransport,
} from '../../../components/thread';
import { followAt } from '../../../lib/answer-follow';
import { api } from '../../../lib/api';
import { streamSse } from '../../../lib/sse';
import { askAsync, endpointsOf, getCompletion, stopMessage } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';
import { toThreadCitations } from './citation-links';
import { rememberMessage, useSessionStore } from './session-store';

type Module = Pick<SessionModuleConfig, 'name' | 'topPath'>;

/** How answers arrive: an event stream, or an asynchronous ask polled every 2 s. */
export type SessionTransportKind = 'stream' | 'poll';

const byIndex = <T extends { index: number }>(list: readonly T[]) => [...list].sort((a, b) => a.index - b.index);

/** A stored answer as the thread shows it; its kind, data and sources are kept beside it. */
export function snapshotOf(m: Module, message: SessionMessage): AnswerSnapshot {
  rememberMessage(message);
  return {
    content: message.content,
    citations: toThreadCitations(m.topPath, message.session_id, byIndex(message.citations)),
    status: message.status,
  };
}

const kindOfAction: Record<SessionAskAction, SessionMessageKind> = {
  ask: 'answer',
  round: 'ideas',
  summary: 'summary',
  report: 'report',
};

/** `POST {module}/prompt/askStream`: text arrives as it is written; the stored message comes with `finish`. */
function streamTransport(m: Module, body: SessionAskRequest): StreamTransport {
  return {
    kind: 'stream',
    repairAuth: (code) => api.repairAuth(code),
    stop: (messageId) => stopMessage(m, messageId),
    open: (signal, handlers) =>
      streamSse<SessionStreamMessage, SessionStreamFinish>({
        url: api.url(endpointsOf(m).promptAskStream.path),
        headers: api.headers(),
        body,
        signal,
        onMessage(data) {
          const { extras, setExtra } = useSessionStore.getState();
          // The answer's kind is known from the ask: a structured one shows its progress, never raw JSON.
          if (!extras[data.message_id]) setExtra(data.message_id, { kind: kindOfAction[body.action ?? 'ask'] });
          if (data.citations) setExtra(data.message_id, { citations: data.citations });
          if (data.phase === 'repairing') setExtra(data.message_id, { repairing: true });
          handlers.onMessage({
            conv_id: data.session_id,
            message_id: data.message_id,
            text: data.text,
            ...(data.citations
              ? { citations: toThreadCitations(m.topPath, data.session_id, byIndex(data.citations)) }
              : {}),
          });
        },
        onFinish(data) {
          rememberMessage(data.message);
          handlers.onFinish({
            conv_id: data.session_id,
            message_id: data.message_id,
            user_message_id: data.user_message_id,
            status: data.status,
          });
        },
        onError: handlers.onError,
        onAbort: handlers.onAbort,
      }),
  };
}

/** `POST {module}/prompt/asyncAsk`, then `GET prompt/getCompletion` every 2000 ms until final. */
function pollTransport(m: Module, body: SessionAskRequest): AnswerTransport {
  return {
    kind: 'poll',
    ask: async () => {
      const ids = await askAsync(m, body);
      // The answer's kind is known from the ask, so its progress shows before the first poll.
      useSessionStore.getState().setExtra(ids.message_id, { kind: kindOfAction[body.action ?? 'ask'] });
      return { conv_id: ids.session_id, message_id: ids.message_id, user_message_id: ids.user_message_id };
    },
    completion: async (messageId, signal) => snapshotOf(m, await getCompletion(m, messageId, signal)),
    stop: (messageId) => stopMessage(m, messageId),
  };
}

export function sessionTransport(m: Module, body: SessionAskRequest, kind: SessionTransportKind): AnswerTransport {
  return kind === 'poll' ? pollTransport(m, body) : streamTransport(m, body);
}

/** The thread's poll of an answer that was still being written when the session opened. */
export const completionOf = (m: Module) => async (messageId: string, signal: AbortSignal) =>
  snapshotOf(m, await getCompletion(m, messageId, signal));

/** Re-attaching to an answer still generated when the session opened (a reload, another device). */
export const reattachOf = (m: Module): Reattach => ({
  follow: followAt(endpointsOf(m).messageFollow),
  completion: completionOf(m),
  stop: (messageId) => stopMessage(m, messageId),
});

export interface SessionAskInput {
  module: Module;
  sessionId: string;
  /** What the thread shows as the question (a round shows its method, a report its request). */
  shown: string;
  body: Omit<SessionAskRequest, 'session_id'>;
  transport?: SessionTransportKind;
  regenerate?: boolean;
  callbacks?: AskCallbacks;
}

/** The last ask of each session, for 重新生成 (a round or report is asked again as it was). */
const lastAsks = new Map<string, Pick<SessionAskInput, 'shown' | 'body'>>();

/** Asks in a session; the answer is written into the session store as it arrives. */
export function sessionAsk(input: SessionAskInput): Promise<void> {
  const body: SessionAskRequest = { ...input.body, session_id: input.sessionId };
  lastAsks.set(input.sessionId, { shown: input.shown, body: input.body });
  return ask({
    store: useSessionStore,
    threadId: input.sessionId,
    prompt: input.shown,
    transport: sessionTransport(input.module, body, input.transport ?? 'stream'),
    regenerate: input.regenerate,
    callbacks: input.callbacks,
  });
}

/**
 * 重新生成: the last ask again (as it was sent in this tab, else the last question as a plain
 * ask). The server keeps every turn, so it is a new turn, shown as one.
 */
export function sessionRegenerate(input: Omit<SessionAskInput, 'shown' | 'body' | 'regenerate'>): Promise<void> {
  const last = lastAsks.get(input.sessionId);
  if (last) return sessionAsk({ ...input, ...last });
  const prompt = lastQuestion(useSessionStore, input.sessionId);
  if (prompt === undefined) return Promise.resolve();
  return sessionAsk({ ...input, shown: prompt, body: { action: 'ask', prompt } });
}
