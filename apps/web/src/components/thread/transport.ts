import type { ChatStreamFinish, ChatStreamMessage, Citation, MessageStatus } from '@portal/contract';
import type { SseError } from '../../lib/sse';

/** What the server returns once a question is stored: the ids, maybe a new thread title. */
export interface AnswerIds {
  conv_id: string;
  message_id: string;
  user_message_id?: string;
  title?: string;
}

export interface AnswerFinish extends AnswerIds {
  status: MessageStatus;
}

/** The answer as stored so far (a polled completion). */
export interface AnswerSnapshot {
  content: string;
  reasoning?: string;
  citations?: Citation[];
  status: MessageStatus;
}

export interface StreamHandlers {
  /** Text added to the answer; with `replace`, its whole text so far (a followed answer). */
  onMessage(data: ChatStreamMessage & { replace?: boolean }): void;
  onFinish(data: ChatStreamFinish): void;
  onError(error: SseError): void;
  onAbort(): void;
}

/** The answer arrives as an event stream (`askStream`, `receive`, zhipu `ask`, …). */
export interface StreamTransport {
  kind: 'stream';
  /** Opens the stream; exactly one of onFinish, onError, onAbort is called. */
  open(signal: AbortSignal, handlers: StreamHandlers): Promise<void>;
  /**
   * Runs the HTTP client's handling of an auth failure that came back on the stream (refresh the
   * token, re-sync rights, or sign out); resolves true when the session is usable again.
   */
  repairAuth?(code: number): Promise<boolean>;
  /**
   * Stops the answer on the server (`message/stop`), whichever replica generates it. Closing the
   * stream does not: an answer outlives its client (a reload, a lost connection), so 停止 calls this.
   */
  stop?(messageId: string): Promise<void>;
  /** The answer's id when it is known before the stream opens (a followed answer). */
  messageId?: string;
}

/**
 * The question is stored and the answer generated on the server after the call returns
 * (`asyncAsk`, ernie `ask`); the browser polls the stored answer until its status is final.
 */
export interface PollTransport {
  kind: 'poll';
  ask(): Promise<AnswerIds>;
  completion(messageId: string, signal: AbortSignal): Promise<AnswerSnapshot>;
  /** Aborts the generation on the server, whichever replica runs it. */
  stop(messageId: string): Promise<void>;
  /** Defaults to section 9's polling interval. */
  intervalMs?: number;
}

export type AnswerTransport = StreamTransport | PollTransport;
