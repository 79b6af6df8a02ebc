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

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** Per-conversation message state of spec section 3. */
export interface SessionState {
  isAsking: 0 | 1;
  /** The view is at the newest message and follows the stream. */
  scrollEnd: boolean;
  askAbortController: AbortController | null;
  list: UiMessage[];
  load: LoadState;
  /** Older messages are on the server (message/list has more pages). */
  hasMore: boolean;
  /** The message/list page that holds the messages before the loaded ones. */
  nextPage: number;
  loadingEarlier: boolean;
}

/** Model choice of the composer; sent with every question. */
export interface ChatSettings {
  modelType: number;
  temperature: number;
  lang: 0 | 1;
  enableMix: boolean;
}
