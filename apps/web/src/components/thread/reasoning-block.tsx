import Think from '@ant-design/x/es/think';

interface ReasoningBlockProps {
  reasoning: string;
  /** The model is still thinking: no answer text yet. */
  thinking: boolean;
}

/** 思考过程 of a reasoning model, shown apart from the answer and open by default. */
export function ReasoningBlock({ reasoning, thinking }: ReasoningBlockProps) {
  return (
    <Think title={thinking ? '思考中…' : '思考过程'} loading={thinking} defaultExpanded blink={thinking}>
      <div className="chat-reasoning">{reasoning}</div>
    </Think>
  );
}
