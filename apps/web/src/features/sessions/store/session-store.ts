import { create } from 'zustand';
import type { DocCitation, IdeaCard, SessionMessage, SessionMessageData, SessionMessageKind } from '@portal/contract';
import { createThreadSlice, type ThreadSlice } from '../../../components/thread';

/** What a session answer carries beyond the thread's text: its kind, structured data and sources. */
export interface AnswerExtra {
  kind: SessionMessageKind;
  data: SessionMessageData | null;
  citations: DocCitation[];
  demo: boolean;
  /** The model's structured reply did not validate and is being repaired (正在整理格式…). */
  repairing: boolean;
}

interface SessionExtrasSlice {
  /** By message id. */
  extras: Record<string, AnswerExtra>;
  setExtra(messageId: string, extra: Partial<AnswerExtra>): void;
  /** An edited card (kept, dropped, rated) replaces its copy in every round that shows it. */
  patchCard(card: IdeaCard): void;
}

export type SessionStoreState = ThreadSlice & SessionExtrasSlice;

const EMPTY: AnswerExtra = { kind: 'answer', data: null, citations: [], demo: false, repairing: false };

/** Message state of every open session of the three tools (ids are unique across them). */
export const useSessionStore = create<SessionStoreState>()((set, get, store) => ({
  ...createThreadSlice(set, get, store),
  extras: {},
  setExtra: (messageId, extra) =>
    set((s) => ({ extras: { ...s.extras, [messageId]: { ...EMPTY, ...s.extras[messageId], ...extra } } })),
  patchCard: (card) =>
    set((s) => {
      const extras: Record<string, AnswerExtra> = {};
      for (const [id, extra] of Object.entries(s.extras)) {
        const data = extra.data;
        if (data?.kind === 'ideas' && data.round.cards.some((c) => c.card_id === card.card_id)) {
          const cards = data.round.cards.map((c) => (c.card_id === card.card_id ? card : c));
          extras[id] = { ...extra, data: { kind: 'ideas', round: { ...data.round, cards } } };
        } else {
          extras[id] = extra;
        }
      }
      return { extras };
    }),
}));

/** Keeps a stored message's kind, data and sources. */
export function rememberMessage(message: SessionMessage): void {
  useSessionStore.getState().setExtra(message.message_id, {
    kind: message.kind,
    data: message.data,
    citations: message.citations,
    demo: message.demo,
    repairing: message.status === 'generating' && message.phase === 'repairing',
  });
}
