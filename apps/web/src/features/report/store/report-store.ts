import { create } from 'zustand';
import type { DocCitation, IndustryBrief, ReportComparison, ReportMessage, ReportMessageKind } from '@portal/contract';
import { createThreadSlice, type ThreadSlice, type UiMessage } from '../../../components/thread';

/** What a report answer carries beyond the thread's text: its kind, structure and sources. */
export interface ReportAnswerExtra {
  kind: ReportMessageKind;
  citations: DocCitation[];
  /** The brief's structure (kind brief), once stored. */
  brief: IndustryBrief | null;
  /** The comparison's structure (kind compare), once stored. */
  comparison: ReportComparison | null;
  demo: boolean;
  /**
   * The streamed text before this offset is dropped: the server writes a malformed brief again.
   * The thread's runner only appends, so the offset marks where the piece written again begins.
   */
  restartAt: number;
}

interface ReportExtrasSlice {
  /** By message id. */
  extras: Record<string, ReportAnswerExtra>;
  /** What each conversation is writing while it asks (the brief button spins for a brief only). */
  running: Record<string, ReportMessageKind | undefined>;
  setExtra(messageId: string, extra: Partial<ReportAnswerExtra>): void;
  setRunning(conversationId: string, kind: ReportMessageKind | undefined): void;
}

export type ReportStoreState = ThreadSlice & ReportExtrasSlice;

export const NO_EXTRA: ReportAnswerExtra = {
  kind: 'answer',
  citations: [],
  brief: null,
  comparison: null,
  demo: false,
  restartAt: 0,
};

/** Message state of the open report conversations, keyed by conversation id. */
export const useReportStore = create<ReportStoreState>()((set, get, store) => ({
  ...createThreadSlice(set, get, store),
  extras: {},
  running: {},
  setExtra: (messageId, extra) =>
    set((s) => ({ extras: { ...s.extras, [messageId]: { ...NO_EXTRA, ...s.extras[messageId], ...extra } } })),
  setRunning: (conversationId, kind) => set((s) => ({ running: { ...s.running, [conversationId]: kind } })),
}));

/** Keeps a stored message's kind, structure and sources; its text is the thread's. */
export function rememberMessage(message: ReportMessage): void {
  useReportStore.getState().setExtra(message.message_id, {
    kind: message.kind,
    citations: message.citations,
    brief: message.brief,
    comparison: message.comparison,
    demo: message.demo,
    restartAt: 0,
  });
}

export function toThreadMessage(message: ReportMessage): UiMessage {
  return {
    key: message.message_id,
    message_id: message.message_id,
    role: message.role,
    content: message.content,
    status: message.status,
    create_time: Date.parse(message.created_at),
  };
}

/** The conversation's stored messages become its thread. */
export function showConversation(conversationId: string, messages: readonly ReportMessage[]): void {
  messages.forEach(rememberMessage);
  useReportStore.getState().setMessages(conversationId, messages.map(toThreadMessage));
}
