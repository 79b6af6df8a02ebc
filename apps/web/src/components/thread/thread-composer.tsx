import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import { usePhoneLayout } from '../../lib/phone-layout';
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

/** The box grows with its text from two lines up to this many, then scrolls. */
const MIN_ROWS = 2;
const MAX_ROWS = 8;

/** A still stop mark: a spinning one repaints every frame for the whole answer. */
function StopIcon() {
  return (
    <svg viewBox="0 0 1000 1000" width="1em" height="1em" aria-hidden="true" focusable="false">
      <rect fill="currentColor" height="250" rx="24" ry="24" width="250" x="375" y="375" />
      <circle cx="500" cy="500" fill="none" r="450" stroke="currentColor" strokeWidth="100" opacity="0.45" />
    </svg>
  );
}

/**
 * Fits the textarea's height to its text between MIN_ROWS and MAX_ROWS lines. An empty box needs
 * no measuring: its `rows` already make it MIN_ROWS lines high. Measuring forces the browser to lay
 * out the whole page inside the render, which on a phone's first chat screen is a long task.
 */
function fitHeight(box: HTMLTextAreaElement): void {
  if (box.value === '') {
    box.style.height = '';
    return;
  }
  const style = getComputedStyle(box);
  const line = Number.parseFloat(style.lineHeight) || 22;
  const padding = (Number.parseFloat(style.paddingTop) || 0) + (Number.parseFloat(style.paddingBottom) || 0);
  box.style.height = 'auto';
  const wanted = Math.min(Math.max(box.scrollHeight, line * MIN_ROWS + padding), line * MAX_ROWS + padding);
  box.style.height = `${wanted}px`;
}

/**
 * The question box: Enter sends, Shift+Enter adds a line, Esc or the stop button stops the answer.
 * A plain textarea and button rather than Ant Design X's Sender, which brings antd's Input,
 * Dropdown and Tooltip into every chat screen's first load.
 */
/**
 * A phone's keyboard has no Shift + Enter to learn about, and the box is narrow: only the first
 * clause of the hint is shown, so it stays on one line (输入问题).
 */
export function phonePlaceholder(placeholder: string): string {
  return placeholder.split(/[，；,;]/)[0]?.trim() || placeholder;
}

export function ThreadComposer({
  draftScope,
  footer,
  busy,
  onSend,
  onStop,
  placeholder = '输入问题，Enter 发送，Shift + Enter 换行',
}: ThreadComposerProps) {
  const [draft, setDraft] = useDraft(draftScope);
  const phone = usePhoneLayout();
  const box = useRef<HTMLTextAreaElement>(null);
  // Typing can start as soon as a chat screen opens, as in any chat product.
  useEffect(() => box.current?.focus({ preventScroll: true }), [draftScope]);
  useLayoutEffect(() => {
    if (box.current) fitHeight(box.current);
  }, [draft]);

  const submit = async () => {
    const prompt = draft.trim();
    if (!prompt || busy) return;
    const text = draft;
    setDraft('');
    if (!(await onSend(prompt))) setDraft(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && busy && onStop) {
      onStop();
      return;
    }
    // Enter while an input method is composing picks a candidate; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void submit();
  };

  const empty = !draft.trim();
  return (
    <div className="chat-composer">
      <div className="chat-composer-box">
        <div className="chat-composer-row">
          <textarea
            ref={box}
            className="chat-composer-input"
            value={draft}
            rows={MIN_ROWS}
            aria-label="问题"
            placeholder={phone ? phonePlaceholder(placeholder) : placeholder}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {busy ? (
            <button
              type="button"
              className="chat-composer-button chat-composer-stop"
              aria-label="停止生成"
              title="停止生成"
              data-testid="chat-stop"
              disabled={!onStop}
              onClick={onStop}
            >
              <StopIcon />
            </button>
          ) : (
            <button
              type="button"
              className="chat-composer-button chat-composer-send"
              aria-label="发送"
              title="发送"
              data-testid="chat-send"
              disabled={empty}
              onClick={() => void submit()}
            >
              <ArrowUpOutlined />
            </button>
          )}
        </div>
        {footer ? <div className="chat-composer-footer">{footer}</div> : null}
      </div>
    </div>
  );
}
