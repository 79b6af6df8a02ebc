import { useMatches } from 'react-router';
import { CHAT_MODULES, type ChatModule } from '@portal/contract';
import { routeNamesOf } from '../../../app/route-handle';
import { chatModuleConfig, type ChatModuleConfig } from '../config/chat-modules';

const isChatModuleName = (name: string | undefined): name is ChatModule =>
  (CHAT_MODULES as readonly (string | undefined)[]).includes(name);

/** The module given by the page's prop, or else by the top-level route name. */
export function useChatModule(module?: ChatModule): ChatModuleConfig {
  const top = routeNamesOf(useMatches())[0];
  return chatModuleConfig(module ?? (isChatModuleName(top) ? top : 'chatgpt'));
}
