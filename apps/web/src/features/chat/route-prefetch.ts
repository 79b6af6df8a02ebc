import type { QueryClient } from '@tanstack/react-query';
import { CHAT_MODULES, type ChatModule } from '@portal/contract';
import { conversationsQuery } from './api/list-conversations';
import { modelsQuery } from './api/list-models';
import { usageQuery } from './api/get-usage';
import { chatModuleConfig } from './config/chat-modules';

const isChatModule = (name: string): name is ChatModule => (CHAT_MODULES as readonly string[]).includes(name);

/**
 * Starts a chat screen's first requests (conversation list, usage, models) together with the
 * route's chunk; the screen's queries pick them up. Fetched data that is still fresh is not asked
 * again. Loaded as its own small chunk by the route's loader, so the requests need not wait for the
 * chat screens' chunk.
 */
export function prefetchChatQueries(queryClient: QueryClient, module: string): void {
  if (!isChatModule(module)) return;
  const config = chatModuleConfig(module);
  void queryClient.prefetchQuery(conversationsQuery(config));
  void queryClient.prefetchQuery(modelsQuery(config));
  if (config.useStatus) void queryClient.prefetchQuery(usageQuery(config));
}
