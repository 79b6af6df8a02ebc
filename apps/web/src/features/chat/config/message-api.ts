import type { ChatModuleConfig } from './chat-modules';

/** Where a conversation's message calls go and how its answers arrive; chosen by the model. */
export interface MessageApi {
  /** API prefix of message/list, the ask call, message/completion and message/stop. */
  prefix: string;
  transport: 'stream' | 'poll';
  /** The ask call under the prefix. */
  askPath: string;
}

export function messageApiOf(config: ChatModuleConfig, modelType: number): MessageApi {
  const model = config.modelTypeConfig.models.find((m) => m.id === modelType);
  const transport = model?.transport ?? 'stream';
  return {
    prefix: model?.apiPrefix ?? config.chatApiPath,
    transport,
    askPath: model?.askPath ?? (transport === 'stream' ? '/message/askStream' : '/message/ask'),
  };
}

/** True when some model of the module sends its message calls elsewhere than the module's prefix. */
export function hasModelRoutes(config: ChatModuleConfig): boolean {
  return config.modelTypeConfig.models.some((m) => m.apiPrefix !== undefined && m.apiPrefix !== config.chatApiPath);
}
