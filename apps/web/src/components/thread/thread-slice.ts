import { createStore, type StateCreator, type StoreApi } from 'zustand';
import type { ThreadState, UiMessage } from './types';

/** Messages loaded at first and per 加载更早的消息. */
export const MESSAGE_PAGE = 40;

export const emptyThread = (): ThreadState => ({
  isAsking: 0,
  scrollEnd: true,
  askAbortController: null,
  askKind: null,
  list: [],
  load: 'idle',
  hasMore: false,
  nextPage: 2,
  loadingEarlier: false,
});

/** Message state of every open thread of one module, keyed by conversation or session id. */
export interface ThreadSlice {
  sessions: Record<string, ThreadState>;
  patchSession(threadId: string, patch: Partial<ThreadState>): void;
  setMessages(threadId: string, list: UiMessage[], hasMore?: boolean): void;
  /** Older messages from the server, without the ones already here. */
  prependMessages(threadId: string, older: UiMessage[], hasMore: boolean): void;
  appendMessages(threadId: string, messages: UiMessage[]): void;
  updateMessage(threadId: string, key: string, update: (message: UiMessage) => UiMessage): void;
  removeMessage(threadId: string, key: string): void;
  dropSession(threadId: string): void;
}

/** The store the thread components and the answer runner read and write. */
export type ThreadStore = StoreApi<ThreadSlice>;

export const createThreadSlice: StateCreator<ThreadSlice, [], [], ThreadSlice> = (set) => {
  const edit = (threadId: string, change: (session: ThreadState) => Partial<ThreadState>) =>
    set((state) => {
      const session = state.sessions[threadId] ?? emptyThread();
      return { sessions: { ...state.sessions, [threadId]: { ...session, ...change(session) } } };
    });

  return {
    sessions: {},
    patchSession: (threadId, patch) => edit(threadId, () => patch),
    setMessages: (threadId, list, hasMore = false) =>
      edit(threadId, () => ({ list, load: 'ready', hasMore, nextPage: 2 })),
    prependMessages: (threadId, older, hasMore) =>
      edit(threadId, (s) => {
        const known = new Set(s.list.map((m) => m.message_id).filter(Boolean));
        const fresh = older.filter((m) => !m.message_id || !known.has(m.message_id));
        return { list: [...fresh, ...s.list], hasMore, nextPage: s.nextPage + 1, loadingEarlier: false };
      }),
    appendMessages: (threadId, messages) => edit(threadId, (s) => ({ list: [...s.list, ...messages] })),
    updateMessage: (threadId, key, update) =>
      edit(threadId, (s) => ({ list: s.list.map((m) => (m.key === key ? update(m) : m)) })),
    removeMessage: (threadId, key) => edit(threadId, (s) => ({ list: s.list.filter((m) => m.key !== key) })),
    dropSession: (threadId) =>
      set((state) => {
        const { [threadId]: dropped, ...rest } = state.sessions;
        dropped?.askAbortController?.abort('leave' satisfies 'leave');
        return { sessions: rest };
      }),
  };
};

/** A module that keeps nothing but its threads gets its store here. */
export function createThreadStore(): ThreadStore {
  return createStore<ThreadSlice>()((...a) => createThreadSlice(...a));
}
