import type { Citation, MessageRole, MessageStatus } from '@portal/contract';

/** A message as the screen shows it; `key` stays stable while the server ids arrive. */
export interface UiMessage {
  key: string;
  message_id?: string;
  role: MessageRole;
  content: string;
  reasoning?: string;
  citations?: Citation[];
  status: MessageStatus;
  /** Why the answer stopped early; shown under the kept partial text. */
  error?: string;
  feedback?: 'like' | 'dislike' | null;
  create_time: number;
}

/**
 * `gone`: the server no longer knows the thread (4000); the page is being left for the module's
 * home with a notice, so it shows no error of its own meanwhile.
 */
export type LoadState = 'idle' | 'loading' | 'ready' | 'error' | 'gone';

/** Per-thread message state of spec section 3 (a chat conversation, a module's session). */
export interface ThreadState {
  isAsking: 0 | 1;
  /** The view is at the newest message and follows the answer. */
  scrollEnd: boolean;
  /** Stops the running answer; `reason` says whether the user stopped it or left the page. */
  askAbortController: AbortController | null;
  /** How the running answer arrives: a polled one stops being polled when its page goes away. */
  askKind: 'stream' | 'poll' | null;
  list: UiMessage[];
  load: LoadState;
  /** Older messages are on the server (message/list has more pages). */
  hasMore: boolean;
  /** The message/list page that holds the messages before the loaded ones. */
  nextPage: number;
  loadingEarlier: boolean;
}

/** Why a running answer is cut off: the user pressed stop, or the answer's page went away. */
export type AskAbortReason = 'stop' | 'leave';
