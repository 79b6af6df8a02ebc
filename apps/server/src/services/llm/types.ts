import type { ChatModule, Citation, TokenUsage } from '@portal/contract';

/** A stored turn of a conversation, as modules read their history. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * One model call: the model target (a module's model choice, already validated) and the messages a
 * module's prompt builder made — system prompt, history, and the new prompt as the last user turn.
 */
export interface StreamChatInput {
  module: ChatModule;
  modelType: number;
  temperature: number;
  messages: UpstreamMessage[];
  /** Sources the prompt offers the model to cite; the demo model lists them. */
  citations?: readonly Citation[];
  /** A module's own demo reply (built from the input) instead of the generic demo answer. */
  demo?: () => string;
  signal?: AbortSignal;
  /** Overrides the provider's idle timeout for this call. */
  idleTimeoutMs?: number;
  /**
   * The module checked the model choice and the question when it accepted the ask (chat's
   * AskService.prepare), so they are not checked again for its model call: once per ask.
   */
  checked?: boolean;
}

export type LlmChunk =
  | { type: 'reasoning'; text: string }
  | { type: 'content'; text: string }
  | { type: 'citations'; sources: Citation[] }
  | { type: 'done'; usage?: TokenUsage; finishReason: string };

export interface UpstreamMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A module's own model task: its system prompt and turns, and the demo reply when no model is configured. */
export interface StreamTaskInput {
  /** Names the model under `providers.tasks`. */
  task: string;
  system: string;
  /** Earlier turns followed by the request as the last user turn. */
  messages: ChatTurn[];
  temperature?: number;
  signal?: AbortSignal;
  /** What the demo model answers (the module builds it from the input, deterministically). */
  demo: () => string;
}
