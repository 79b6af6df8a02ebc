import { useState, type KeyboardEvent } from 'react';
import Popconfirm from 'antd/es/popconfirm';
import type { Conversation } from '@portal/contract';

export const UNTITLED = '新会话';
const TITLE_MAX = 100;

interface ConversationLabelProps {
  conversation: Conversation;
  renaming: boolean;
  deleting: boolean;
  onRename(title: string): Promise<void>;
  onRenameEnd(): void;
  onDelete(): Promise<void>;
  onDeleteEnd(): void;
}

/** A conversation's title; edited in place (重命名) and anchoring the 删除 confirmation. */
export function ConversationLabel({
  conversation,
  renaming,
  deleting,
  onRename,
  onRenameEnd,
  onDelete,
  onDeleteEnd,
}: ConversationLabelProps) {
  const title = conversation.title || UNTITLED;
  const [draft, setDraft] = useState(conversation.title);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const next = draft.trim();
    if (saving) return;
    if (!next || next === conversation.title) return onRenameEnd();
    setSaving(true);
    try {
      await onRename(next);
    } catch {
      // The HTTP client has shown the server's message; the old title stays.
    } finally {
      setSaving(false);
      onRenameEnd();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key === 'Enter') void save();
    if (event.key === 'Escape') onRenameEnd();
  };

  if (renaming) {
    return (
      <input
        className="chat-rename-input"
        aria-label="会话名称"
        autoFocus
        maxLength={TITLE_MAX}
        value={draft}
        disabled={saving}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onClick={(e) => e.stopPropagation()}
        onBlur={() => void save()}
      />
    );
  }

  return (
    <Popconfirm
      open={deleting}
      title="删除会话"
      description={`确定删除「${title}」吗？删除后无法恢复。`}
      okText="删除"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      placement="right"
      onConfirm={onDelete}
      onCancel={onDeleteEnd}
      onOpenChange={(open) => {
        if (!open) onDeleteEnd();
      }}
    >
      <span title={title}>{title}</span>
    </Popconfirm>
  );
}
