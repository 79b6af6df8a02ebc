import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { FeedbackAction, FeedbackState } from '@portal/contract';
import type { ThreadSlice, ThreadStore } from './thread-slice';
import type { ThreadState, UiMessage } from './types';

/** What a thread's components share: its state and the module's calls they need. */
export interface ThreadContextValue {
  store: ThreadStore;
  threadId: string;
  /** 点赞 / 点踩 / 复制 of an answer; without it the answer shows copy only. */
  feedback?(action: FeedbackAction, messageId: string): Promise<FeedbackState>;
  /**
   * A module's own view of an answer (idea cards, a report); undefined falls back to the markdown
   * answer. It receives every answer, so it decides per message.
   */
  renderAnswer?(message: UiMessage): ReactNode | undefined;
  /**
   * Asks an edited question in place of a sent one: the question and every message after it are
   * replaced. Without it questions cannot be edited. Resolves false when nothing was sent.
   */
  editQuestion?(message: UiMessage, text: string): Promise<boolean>;
  /** Whether this question may be edited (e.g. not one that started a structured report); all when absent. */
  canEditQuestion?(message: UiMessage): boolean;
  /** A click on a citation or source link; the module may open its own viewer (preventDefault). */
  onLinkClick?(href: string, event: MouseEvent<HTMLAnchorElement>): void;
}

export const ThreadContext = createContext<ThreadContextValue | null>(null);

export function useThread(): ThreadContextValue {
  const value = useContext(ThreadContext);
  if (!value) throw new Error('thread component outside a ThreadContext');
  return value;
}

/** A value of the thread's state; the component re-renders only when it changes. */
export function useThreadState<T>(select: (session: ThreadState | undefined) => T): T {
  const { store, threadId } = useThread();
  return useStore(store, (s: ThreadSlice) => select(s.sessions[threadId]));
}

/** One message; a component using it re-renders only when that message changes. */
export function useThreadMessage(key: string): UiMessage | undefined {
  return useThreadState((session) => session?.list.find((m) => m.key === key));
}
