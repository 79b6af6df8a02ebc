export { createLlmGateway, type LlmGateway, type LlmGatewayOptions } from './gateway';
export {
  llmConfigSchema,
  providerConfigSchema,
  modelTargetSchema,
  searchConfigSchema,
  chatLimitsSchema,
  type LlmConfig,
  type LlmConfigInput,
  type ProviderConfig,
  type ModelTarget,
  type SearchConfig,
  type ChatLimits,
} from './config';
export { LlmError, type LlmErrorKind } from './errors';
export { DEMO_MODEL_LABEL, type ChatOptionsInput, type ValidChatOptions } from './models';
export { NO_SEARCH_BACKEND_NOTE } from './metaso';
export type { ChatTurn, LlmChunk, MetasoOptions, StreamChatInput, StreamTaskInput } from './types';
