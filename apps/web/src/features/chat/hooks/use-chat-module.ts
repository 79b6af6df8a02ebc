import { useMatches } from 'react-router';
import { CHAT_MODULES, type ChatModule } from '@portal/contract';
import { chatModuleConfig, type ChatModuleConfig } from '../config/chat-modules';

/** Name of the top-level route: the route table names each module's route after the module. */
function topRouteName(matches: ReturnType<typeof useMatches>): string | undefined {
  for (const match of matches) {
    const handle = match.handle as { name?: unknown } | undefined;
    if (typeof handle?.name === 'string') return handle.name;
  }
  return undefined;
}

// Not the contract's isChatModule: that lives beside the zod schemas, which stay out of this chunk.
const isChatModule = (name: string): name is ChatModule => (CHAT_MODULES as readonly string[]).includes(name);

/** The module given by the page's prop, or else by the top-level route name. */
export function useChatModule(module?: ChatModule): ChatModuleConfig {
  const top = topRouteName(useMatches());
  return chatModuleConfig(module ?? (top && isChatModule(top) ? top : 'chatgpt'));
}
