import { chatModel } from '@portal/contract';
import type { ChatModuleConfig } from './chat-modules';

/** Where a conversation's message calls go and how its answers arrive; chosen by the model. */
export interface MessageApi {
  /** API prefix of message/list, the ask call, message/completion and message/stop. */
  prefix: string;
  transport: 'stream' | 'poll';
  /** The ask call, prefix included. */
  askPath: string;
  /** Answers of the model carry a reasoning part (思考过程). */
  reasoning: boolean;
}

/**
 * The model's entry in the contract decides. Section 7 names the ask call after the API, not the
 * model: a module's own API streams with `message/askStream`, a model API of its own (ernie,
 * zhipu) asks with `message/ask` whether it streams or is polled.
 */
export function messageApiOf(config: ChatModuleConfig, modelType: number): MessageApi {
  const model = chatModel(config.name, modelType);
  const api = model?.api ?? config.name;
  const transport = model?.transport ?? 'stream';
  const prefix = `/api/${api}`;
  const ownStream = api === config.name && transport === 'stream';
  return {
    prefix,
    transport,
    askPath: `${prefix}/message/${ownStream ? 'askStream' : 'ask'}`,
    reasoning: model?.reasoning ?? false,
  };
}

/** True when some model of the module sends its message calls elsewhere than the module's prefix. */
export function hasModelRoutes(config: ChatModuleConfig): boolean {
  return config.modelTypeConfig.models.some((m) => m.api !== config.name);
}
