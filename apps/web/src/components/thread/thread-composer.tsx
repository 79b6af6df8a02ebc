import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import Sender, { type SenderRef } from '@ant-design/x/es/sender';
import { useDraft } from './use-draft';
import './thread.css';

interface ThreadComposerProps {
  /** Whose draft this is (the module's name): kept across reloads. */
  draftScope: string;
  /** The module's options under the question box (model, temperature, …). */
  footer?: ReactNode;
  /** An answer is arriving (or the thread is being created). */
  busy: boolean;
  /** False when the question was not taken (the draft is then kept). */
  onSend(prompt: string): boolean | Promise<boolean>;
  onStop?(): void;
  /** What the box asks for; a question by default. */
  placeholder?: string;
}

/** A still stop mark: the stock one spins, which repaints every frame for the whole answer. */
function StopIcon() {
  return (
    <svg viewBox="0 0 1000 1000" width="1em" height="1em" aria-hidden="true" focusable="false">
      <rect fill="currentColor" height="250" rx="24" ry="24" width="250" x="375" y="375" />
      <circle cx="500" cy="500" fill="none" r="450" stroke="currentColor" strokeWidth="100" opacity="0.45" />
    </svg>
  );
}

/** The question box: Enter sends, Shift+Enter adds a line, Esc or the stop button stops the answer. */
export function ThreadComposer({
  draftScope,
  footer,
  busy,
  onSend,
  onStop,
  placeholder = '输入问题，Enter 发送，Shift + Enter 换行',
}: ThreadComposerProps) {
  const [draft, setDraft] = useDraft(draftScope);
  const sender = useRef<SenderRef>(null);
  // Typing can start as soon as a chat screen opens, as in any chat product.
  useEffect(() => sender.current?.focus(), [draftScope]);

  const submit = async (text: string) => {
    const prompt = text.trim();
    if (!prompt || busy) return;
    setDraft('');
    if (!(await onSend(prompt))) setDraft(text);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && busy && onStop) onStop();
  };

  return (
    <div className="chat-composer">
      <Sender
        ref={sender}
        value={draft}
        onChange={(value) => setDraft(value)}
        onSubmit={(value) => void submit(value)}
        onCancel={onStop}
        onKeyDown={onKeyDown}
        loading={busy}
        submitType="enter"
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={placeholder}
        footer={footer}
        suffix={(_, { components: { SendButton, LoadingButton } }) =>
          busy ? (
            <LoadingButton icon={<StopIcon />} aria-label="停止生成" title="停止生成" data-testid="chat-stop" />
          ) : (
            <SendButton aria-label="发送" />
          )
        }
      />
    </div>
  );
}
