import Button from 'antd/es/button';
import Input from 'antd/es/input';

interface ReportComposerProps {
  draft: string;
  onDraft(draft: string): void;
  /** An answer, brief or comparison is being written. */
  busy: boolean;
  onSend(prompt: string): void;
  onStop(): void;
}

/** The question box: Enter sends, Shift+Enter adds a line; 停止 while something is written. */
export function ReportComposer({ draft, onDraft, busy, onSend, onStop }: ReportComposerProps) {
  return (
    <form
      className="report-composer"
      onSubmit={(e) => {
        e.preventDefault();
        onSend(draft);
      }}
    >
      <Input.TextArea
        value={draft}
        onChange={(e) => onDraft(e.target.value)}
        placeholder="基于所选报告提问，Enter 发送，Shift+Enter 换行"
        aria-label="输入问题"
        autoSize={{ minRows: 1, maxRows: 5 }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSend(draft);
          }
        }}
      />
      {busy ? (
        <Button onClick={onStop}>停止</Button>
      ) : (
        <Button type="primary" htmlType="submit" disabled={!draft.trim()}>
          发送
        </Button>
      )}
    </form>
  );
}
