import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import type { MjConversation } from '@portal/contract';

interface MjSidebarProps {
  conversations: MjConversation[] | undefined;
  activeId: string | null;
  open: boolean;
  onOpen(convId: string | null): void;
  onDelete(convId: string): void;
  onBackToChat(): void;
}

/** The image conversations; on a phone a panel the header's button opens. */
export function MjSidebar({ conversations, activeId, open, onOpen, onDelete, onBackToChat }: MjSidebarProps) {
  return (
    <aside className={`mj-sessions${open ? ' mj-sessions-open' : ''}`} aria-label="图片会话" id="mj-sessions">
      <div className="mj-sessions-head">
        <button type="button" className="mj-button mj-primary" onClick={() => onOpen(null)}>
          新的创作
        </button>
        <button type="button" className="mj-button" onClick={onBackToChat}>
          返回对话
        </button>
      </div>
      {conversations && conversations.length === 0 ? <p className="mj-empty">还没有图片会话</p> : null}
      <ul className="mj-session-list">
        {(conversations ?? []).map((c) => (
          <li key={c.conv_id} className={c.conv_id === activeId ? 'active' : undefined}>
            <button
              type="button"
              className="mj-session-open"
              aria-current={c.conv_id === activeId ? 'page' : undefined}
              onClick={() => onOpen(c.conv_id)}
            >
              {c.title}
            </button>
            <button
              type="button"
              className="mj-session-delete"
              aria-label={`删除会话 ${c.title}`}
              onClick={() => onDelete(c.conv_id)}
            >
              <DeleteOutlined />
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
