import { chatModel } from '@portal/contract';
import type { MessageRoute } from '../api/load-endpoints';
import type { ChatModuleConfig } from './chat-modules';

/** Where a conversation's message calls go and how its answers arrive; chosen by the model. */
export interface MessageApi extends MessageRoute {
  transport: 'stream' | 'poll';
  /** Answers of the model carry a reasoning part (思考过程). */
  reasoning: boolean;
}

/**
 * The model's entry in the contract decides. Section 7 names the ask call after the API, not the
 * model; which one it is (`askStream` or `ask`) is the contract's `chatMessageEndpoints(module, api).ask`.
 */
export function messageApiOf(config: ChatModuleConfig, modelType: number): MessageApi {
  const model = chatModel(config.name, modelType);
  return {
    module: config.name,
    api: model?.api ?? config.name,
    transport: model?.transport ?? 'stream',
    reasoning: model?.reasoning ?? false,
  };
}

/** True when some model of the module sends its message calls elsewhere than the module's prefix. */
export function hasModelRoutes(config: ChatModuleConfig): boolean {
  return config.modelTypeConfig.models.some((m) => m.api !== config.name);
}
