import { useState, type KeyboardEvent } from 'react';
import type { Conversation } from '@portal/contract';

export const UNTITLED = '新会话';
const TITLE_MAX = 100;

interface ConversationLabelProps {
  conversation: Conversation;
  onRename(title: string): Promise<void>;
  onRenameEnd(): void;
}

/** A conversation's title edited in place (重命名): Enter or leaving the field saves, Esc cancels. */
export function ConversationLabel({ conversation, onRename, onRenameEnd }: ConversationLabelProps) {
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
