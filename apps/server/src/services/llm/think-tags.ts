import type { LlmChunk } from './types';

const OPEN = '<think>';
const CLOSE = '</think>';

/** Length of the longest end of `text` that could be the start of `tag`. */
function partialTagLength(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (tag.startsWith(text.slice(-n))) return n;
  }
  return 0;
}

/**
 * Splits answers that carry their reasoning inline as `<think>…</think>` (DeepSeek-R1 served
 * by Ollama or vLLM without a reasoning parser) into reasoning and content chunks. Tags may be
 * cut anywhere between deltas.
 */
export class ThinkTagSplitter {
  private state: 'start' | 'thinking' | 'answer' = 'start';
  private buffer = '';

  push(text: string): LlmChunk[] {
    if (this.state === 'answer') return text ? [{ type: 'content', text }] : [];
    this.buffer += text;
    if (this.state === 'start') {
      const head = this.buffer.trimStart();
      if (head.length < OPEN.length && OPEN.startsWith(head)) return [];
      if (!head.startsWith(OPEN)) return this.toAnswer(this.buffer);
      this.state = 'thinking';
      this.buffer = head.slice(OPEN.length);
    }
    const end = this.buffer.indexOf(CLOSE);
    if (end >= 0) {
      const reasoning = this.buffer.slice(0, end);
      const rest = this.buffer.slice(end + CLOSE.length).replace(/^\s+/, '');
      return [...(reasoning ? [{ type: 'reasoning' as const, text: reasoning }] : []), ...this.toAnswer(rest)];
    }
    const keep = partialTagLength(this.buffer, CLOSE);
    const reasoning = this.buffer.slice(0, this.buffer.length - keep);
    this.buffer = this.buffer.slice(this.buffer.length - keep);
    return reasoning ? [{ type: 'reasoning', text: reasoning }] : [];
  }

  flush(): LlmChunk[] {
    const rest = this.buffer;
    this.buffer = '';
    if (!rest) return [];
    return [{ type: this.state === 'thinking' ? 'reasoning' : 'content', text: rest }];
  }

  private toAnswer(text: string): LlmChunk[] {
    this.state = 'answer';
    this.buffer = '';
    return text ? [{ type: 'content', text }] : [];
  }
}
