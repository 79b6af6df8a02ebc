import type { ChatMessage, SessionMessage } from '@portal/contract';
import type { ListPage } from '../../../components/thread';
import { listSessionMessages } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';
import { snapshotOf } from './session-ask';

type Module = Pick<SessionModuleConfig, 'name' | 'topPath'>;

/** A session message in the thread's shape; its kind, data and sources are kept in the session store. */
function toThreadMessage(m: Module, message: SessionMessage): ChatMessage {
  const shown = message.role === 'assistant' ? snapshotOf(m, message) : { content: message.content };
  return {
    message_id: message.message_id,
    conv_id: message.session_id,
    role: message.role,
    status: message.status,
    create_time: message.create_time,
    feedback: message.feedback ?? null,
    ...shown,
  };
}

/** Pages of a session's messages for the shared thread (newest page first, each oldest first). */
export function sessionListPage(m: Module, sessionId: string): ListPage {
  return async (page, size) => {
    const data = await listSessionMessages(m, sessionId, page, size);
    return { list: data.list.map((message) => toThreadMessage(m, message)), hasMore: data.has_more };
  };
}
