import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import EllipsisOutlined from '@ant-design/icons/es/icons/EllipsisOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import { MJ_CONVERSATION_TYPE, type Conversation } from '@portal/contract';
import { ConversationLabel, UNTITLED } from './conversation-label';

interface ConversationItemProps {
  conversation: Conversation;
  active: boolean;
  onOpen(): void;
  onRename(title: string): Promise<void>;
  onDelete(): Promise<void>;
}

/**
 * One conversation in the list: tap to open; its ⋯ button (always shown, so touch screens reach
 * it) offers 重命名 and 删除, and 删除 asks for confirmation inside the item.
 */
export function ConversationItem({ conversation, active, onOpen, onRename, onDelete }: ConversationItemProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  const title = conversation.title || UNTITLED;

  useEffect(() => {
    if (!menuOpen) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [menuOpen]);

  useEffect(() => {
    if (confirming) root.current?.querySelector<HTMLElement>('.chat-conv-cancel')?.focus();
  }, [confirming]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      setMenuOpen(false);
      more.current?.focus();
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete();
    } catch {
      // The HTTP client has shown the server's message; the conversation stays.
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <li ref={root} className="chat-conv-item" data-active={active || undefined}>
      <div className="chat-conv-row">
        {renaming ? (
          <div className="chat-conv-open">
            <ConversationLabel conversation={conversation} onRename={onRename} onRenameEnd={() => setRenaming(false)} />
          </div>
        ) : (
          <button
            type="button"
            className="chat-conv-open"
            aria-current={active ? 'page' : undefined}
            title={title}
            onClick={onOpen}
          >
            {conversation.type === MJ_CONVERSATION_TYPE ? (
              // Image conversations open the image mode: marked so they are not taken for text ones.
              <PictureOutlined className="chat-conv-kind" aria-label="图片创作" role="img" />
            ) : null}
            <span className="chat-conv-title">{title}</span>
          </button>
        )}
        <button
          ref={more}
          type="button"
          className="chat-conv-more"
          aria-label={`「${title}」的更多操作`}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <EllipsisOutlined />
        </button>
      </div>
      {menuOpen ? (
        <div className="chat-conv-menu" role="menu" aria-label="会话操作" onKeyDown={onMenuKey}>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setMenuOpen(false);
              setRenaming(true);
            }}
          >
            <EditOutlined /> 重命名
          </button>
          <button
            type="button"
            role="menuitem"
            className="chat-conv-menu-danger"
            onClick={() => {
              setMenuOpen(false);
              setConfirming(true);
            }}
          >
            <DeleteOutlined /> 删除
          </button>
        </div>
      ) : null}
      {confirming ? (
        <div className="chat-conv-confirm" role="alertdialog" aria-label="删除会话">
          <div>确定删除「{title}」吗？删除后无法恢复。</div>
          <div className="chat-conv-confirm-actions">
            <button
              type="button"
              className="chat-conv-cancel"
              disabled={deleting}
              onClick={() => {
                setConfirming(false);
                more.current?.focus();
              }}
            >
              取消
            </button>
            <button type="button" className="chat-conv-delete" disabled={deleting} onClick={() => void remove()}>
              删除
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
