import { ErrorCode, type ChatMessage } from '@portal/contract';
import { HttpError } from '../../lib/http-client';
import { MESSAGE_PAGE, type ThreadStore } from './thread-slice';
import { toUiMessage } from './to-ui-message';

export interface MessagePage {
  list: ChatMessage[];
  hasMore: boolean;
}

/** One page of a thread's messages: page 1 holds the newest, each page oldest first. */
export type ListPage = (page: number, pageSize: number) => Promise<MessagePage>;

/** Loads a thread's newest messages unless they are already here (or arriving). */
export async function loadThread(store: ThreadStore, threadId: string, listPage: ListPage, force = false) {
  const existing = store.getState().sessions[threadId];
  const settled = existing && (existing.load === 'loading' || existing.load === 'ready');
  if (existing?.isAsking || (!force && settled)) return;
  store.getState().patchSession(threadId, { load: 'loading' });
  try {
    const page = await listPage(1, MESSAGE_PAGE);
    if (store.getState().sessions[threadId]?.isAsking) return;
    store.getState().setMessages(threadId, page.list.map(toUiMessage), page.hasMore);
  } catch (error) {
    const gone = error instanceof HttpError && error.code === ErrorCode.resourceGone;
    store.getState().patchSession(threadId, { load: gone ? 'gone' : 'error' });
  }
}

/**
 * 加载更早的消息: the next page back. Questions asked since the first load shift the pages, so
 * overlapping messages are dropped by id.
 */
export async function loadEarlier(store: ThreadStore, threadId: string, listPage: ListPage): Promise<void> {
  const session = store.getState().sessions[threadId];
  if (!session || session.loadingEarlier || !session.hasMore) return;
  store.getState().patchSession(threadId, { loadingEarlier: true });
  try {
    const page = await listPage(session.nextPage, MESSAGE_PAGE);
    store.getState().prependMessages(threadId, page.list.map(toUiMessage), page.hasMore);
  } catch {
    store.getState().patchSession(threadId, { loadingEarlier: false });
  }
}
