export { createLlmGateway, type LlmGateway, type LlmGatewayOptions } from './gateway';
export {
  llmConfigSchema,
  providerConfigSchema,
  modelTargetSchema,
  searchConfigSchema,
  chatLimitsSchema,
  embeddingsConfigSchema,
  type EmbeddingsConfig,
  type LlmConfig,
  type LlmConfigInput,
  type ProviderConfig,
  type ModelTarget,
  type SearchConfig,
  type ChatLimits,
} from './config';
export { LlmError, type LlmErrorKind } from './errors';
export type { Env } from './clients';
export { DEMO_MODEL_LABEL, type ModelChoiceInput, type ModelChoice } from './models';
export { NO_SEARCH_BACKEND_NOTE, type SearchOutcome, type WebSearchQuery } from './search/web-search';
export type { ChatTurn, LlmChunk, StreamChatInput, StreamTaskInput, UpstreamMessage } from './types';
