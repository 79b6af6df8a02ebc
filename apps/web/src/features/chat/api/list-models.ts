import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatModelEntry } from '@portal/contract';
import { api } from '../../../lib/api';
import type { ChatModuleConfig } from '../config/chat-modules';
import { chatFirstScreenPaths } from './first-screen-paths';
import { loadChatParsers } from './load-parsers';

export function listModels(config: ChatModuleConfig): Promise<ChatModelEntry[]> {
  return api.get(chatFirstScreenPaths(config.chatApiPath).models, {
    schema: loadChatParsers().then((p) => p.modelListParser),
    silent: true,
  });
}

/** The models the module offers; shared by the settings and the route's prefetch. */
export const modelsQuery = (config: ChatModuleConfig) =>
  queryOptions({
    queryKey: ['chat', config.name, 'models'],
    queryFn: () => listModels(config),
    staleTime: 5 * 60_000,
  });

export function useModels(config: ChatModuleConfig) {
  return useQuery(modelsQuery(config));
}
