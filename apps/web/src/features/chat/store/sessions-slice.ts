import type { StateCreator } from 'zustand';
import type { SessionState, UiMessage } from './types';

/** Messages loaded at first and per 加载更早的消息. */
export const MESSAGE_PAGE = 40;

export const emptySession = (): SessionState => ({
  isAsking: 0,
  scrollEnd: true,
  askAbortController: null,
  list: [],
  load: 'idle',
  hasMore: false,
  nextPage: 2,
  loadingEarlier: false,
});

export interface SessionsSlice {
  sessions: Record<string, SessionState>;
  patchSession(convId: string, patch: Partial<SessionState>): void;
  setMessages(convId: string, list: UiMessage[], hasMore?: boolean): void;
  /** Older messages from the server, without the ones already here. */
  prependMessages(convId: string, older: UiMessage[], hasMore: boolean): void;
  appendMessages(convId: string, messages: UiMessage[]): void;
  updateMessage(convId: string, key: string, update: (message: UiMessage) => UiMessage): void;
  removeMessage(convId: string, key: string): void;
  dropSession(convId: string): void;
}

export const createSessionsSlice: StateCreator<SessionsSlice, [], [], SessionsSlice> = (set) => {
  const edit = (convId: string, change: (session: SessionState) => Partial<SessionState>) =>
    set((state) => {
      const session = state.sessions[convId] ?? emptySession();
      return { sessions: { ...state.sessions, [convId]: { ...session, ...change(session) } } };
    });

  return {
    sessions: {},
    patchSession: (convId, patch) => edit(convId, () => patch),
    setMessages: (convId, list, hasMore = false) => edit(convId, () => ({ list, load: 'ready', hasMore, nextPage: 2 })),
    prependMessages: (convId, older, hasMore) =>
      edit(convId, (s) => {
        const known = new Set(s.list.map((m) => m.message_id).filter(Boolean));
        const fresh = older.filter((m) => !m.message_id || !known.has(m.message_id));
        return { list: [...fresh, ...s.list], hasMore, nextPage: s.nextPage + 1, loadingEarlier: false };
      }),
    appendMessages: (convId, messages) => edit(convId, (s) => ({ list: [...s.list, ...messages] })),
    updateMessage: (convId, key, update) =>
      edit(convId, (s) => ({ list: s.list.map((m) => (m.key === key ? update(m) : m)) })),
    removeMessage: (convId, key) => edit(convId, (s) => ({ list: s.list.filter((m) => m.key !== key) })),
    dropSession: (convId) =>
      set((state) => {
        const { [convId]: dropped, ...rest } = state.sessions;
        dropped?.askAbortController?.abort();
        return { sessions: rest };
      }),
  };
};
