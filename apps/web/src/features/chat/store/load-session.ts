import { listMessages } from '../api/list-messages';
import type { ChatModuleConfig } from '../config/chat-modules';
import { toUiMessage } from '../utils/to-ui-message';
import { useChatStore } from './chat-store';
import { MESSAGE_PAGE } from './sessions-slice';

/** Loads a conversation's newest messages unless they are already here (or arriving). */
export async function loadSession(config: ChatModuleConfig, convId: string, force = false): Promise<void> {
  const existing = useChatStore.getState().sessions[convId];
  if (existing?.isAsking || (!force && existing && existing.load !== 'idle' && existing.load !== 'error')) return;
  useChatStore.getState().patchSession(convId, { load: 'loading' });
  try {
    const page = await listMessages(config, convId, 1, MESSAGE_PAGE);
    if (useChatStore.getState().sessions[convId]?.isAsking) return;
    useChatStore.getState().setMessages(convId, page.list.map(toUiMessage), page.hasMore);
  } catch {
    useChatStore.getState().patchSession(convId, { load: 'error' });
  }
}

/**
 * 加载更早的消息: the next page back. Questions asked since the first load shift the pages, so
 * overlapping messages are dropped by id.
 */
export async function loadEarlier(config: ChatModuleConfig, convId: string): Promise<void> {
  const session = useChatStore.getState().sessions[convId];
  if (!session || session.loadingEarlier || !session.hasMore) return;
  useChatStore.getState().patchSession(convId, { loadingEarlier: true });
  try {
    const page = await listMessages(config, convId, session.nextPage, MESSAGE_PAGE);
    useChatStore.getState().prependMessages(convId, page.list.map(toUiMessage), page.hasMore);
  } catch {
    useChatStore.getState().patchSession(convId, { loadingEarlier: false });
  }
}
