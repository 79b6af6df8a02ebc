/*
 * The thread UI every conversational module composes: message list with paging, markdown
 * answers with reasoning and citations, answer actions, the question box, and the answer runner
 * with its transports (event stream or polling). Module-specific state stays in the module.
 */
export {
  ask,
  resumeAnswer,
  stopAsking,
  leaveThread,
  lastQuestion,
  ABORTED_TEXT,
  type AskCallbacks,
  type AskInput,
} from './ask';
export { STALLED_TEXT } from './answer-sink';
export { loadThread, loadEarlier, type ListPage, type MessagePage } from './load-thread';
export { MessageList } from './message-list';
export { AssistantContent, UserContent, MessageContent } from './message-content';
export { AnswerActions } from './answer-actions';
export { ReasoningBlock } from './reasoning-block';
export { ThreadComposer } from './thread-composer';
export { AnswerMarkdown, AnswerSources, useMarkdownPreload } from './lazy-markdown';
export { ThreadContext, useThread, useThreadState, useThreadMessage, type ThreadContextValue } from './thread-context';
export {
  createThreadSlice,
  createThreadStore,
  emptyThread,
  MESSAGE_PAGE,
  type ThreadSlice,
  type ThreadStore,
} from './thread-slice';
export { pollTiming } from './poll-completion';
export { followTransport, type Reattach } from './follow-transport';
export { useGeneratingWatch } from './use-generating-watch';
export { toUiMessage, localKey } from './to-ui-message';
export { useDraft, draftKey } from './use-draft';
export type {
  AnswerFinish,
  AnswerIds,
  AnswerSnapshot,
  AnswerTransport,
  PollTransport,
  StreamHandlers,
  StreamTransport,
} from './transport';
export type { UiMessage, ThreadState, LoadState, AskAbortReason } from './types';
