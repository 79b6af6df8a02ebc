import type { ChatModule, Citation, TokenUsage } from '@portal/contract';

/** A turn of the conversation as the gateway accepts it; system prompts are the gateway's own. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface MetasoOptions {
  /** 0 回复中文, 1 回复英文. */
  lang?: 0 | 1;
  /** true 全网及文献, false 全网（不含文献）. */
  enableMix?: boolean;
}

export interface StreamChatInput {
  module: ChatModule;
  modelType: number;
  temperature: number;
  /** Earlier turns followed by the new prompt as the last user turn. */
  messages: ChatTurn[];
  signal?: AbortSignal;
  /** Overrides the provider's idle timeout for this call. */
  idleTimeoutMs?: number;
  options?: MetasoOptions;
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
