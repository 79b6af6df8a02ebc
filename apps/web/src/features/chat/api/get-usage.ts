import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageStatus } from '@portal/contract';
import { api } from '../../../lib/api';
import { chatFirstScreenPaths } from './first-screen-paths';
import { loadChatParsers } from './load-parsers';
import type { ChatModuleConfig } from '../config/chat-modules';

export const usageQueryKey = (config: ChatModuleConfig) => ['chat', config.name, 'usage'] as const;

export function getUsage(config: ChatModuleConfig): Promise<UsageStatus> {
  return api.get(chatFirstScreenPaths(config.chatApiPath).usage, {
    schema: loadChatParsers().then((p) => p.usageStatusParser),
    silent: true,
  });
}

/** The module's usage window; shared by the counter and its route's prefetch. */
export const usageQuery = (config: ChatModuleConfig) =>
  queryOptions({
    queryKey: usageQueryKey(config),
    queryFn: () => getUsage(config),
    enabled: config.useStatus,
    staleTime: 30_000,
  });

export function useUsage(config: ChatModuleConfig) {
  return useQuery(usageQuery(config));
}
