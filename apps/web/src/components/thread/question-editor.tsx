import { useState } from 'react';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import { useThread, useThreadState } from './thread-context';
import type { UiMessage } from './types';

/**
 * A sent question with 编辑: the text opens in a box, and 重新发送 asks it again in place. The box
 * says how many later messages the new answer replaces, so nothing goes without the user knowing.
 */
export function EditableQuestion({ message }: { message: UiMessage }) {
  const { editQuestion, canEditQuestion } = useThread();
  const [draft, setDraft] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const busy = useThreadState((s) => s?.isAsking === 1);
  const later = useThreadState((s) => {
    const list = s?.list ?? [];
    const at = list.findIndex((m) => m.key === message.key);
    return at < 0 ? 0 : list.length - at - 1;
  });

  const text = (
    <div className="chat-user-text" data-testid="chat-question">
      {message.content}
    </div>
  );
  if (!editQuestion || !message.message_id || (canEditQuestion && !canEditQuestion(message))) return text;

  if (draft === null) {
    return (
      <div className="chat-question-editable">
        {text}
        <button
          type="button"
          className="chat-action chat-question-edit"
          aria-label="编辑问题"
          title={busy ? '回答生成中，停止后可编辑' : '编辑问题'}
          disabled={busy}
          onClick={() => setDraft(message.content)}
        >
          <EditOutlined />
        </button>
      </div>
    );
  }

  const send = async () => {
    const value = draft.trim();
    if (!value || sending) return;
    setSending(true);
    try {
      if (await editQuestion(message, value)) setDraft(null);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="chat-question-editor" data-testid="question-editor">
      {/* Plain elements: antd's Input would add its code to every chat page for a box rarely opened. */}
      <textarea
        className="chat-question-editor-box"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        rows={Math.min(8, Math.max(2, draft.split('\n').length))}
        aria-label="编辑问题"
        // The box opens on the user's click, so taking the focus is expected.
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Escape') setDraft(null);
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <div className="chat-question-editor-note">
        {later > 0 ? `重新发送后，这个问题之后的 ${later} 条消息将被新的回答替换。` : '重新发送后，将重新生成回答。'}
      </div>
      <div className="chat-question-editor-actions">
        <button type="button" className="chat-question-editor-button" onClick={() => setDraft(null)} disabled={sending}>
          取消
        </button>
        <button
          type="button"
          className="chat-question-editor-button is-primary"
          disabled={!draft.trim() || busy || sending}
          onClick={() => void send()}
        >
          {sending ? '发送中…' : '重新发送'}
        </button>
      </div>
    </div>
  );
}
