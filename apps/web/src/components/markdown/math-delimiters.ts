const DOLLAR_MATH = /\$\$|\$[^\s$](?:[^$\n]*[^\s$])?\$/;
const LATEX_DELIMITERS = /\\\(|\\\[/;
const CODE_FENCE = /^\s*(?:`{3,}|~{3,})/m;

export function hasMath(content: string): boolean {
  return DOLLAR_MATH.test(content) || LATEX_DELIMITERS.test(content);
}

export function hasFencedCode(content: string): boolean {
  return CODE_FENCE.test(content);
}

const INLINE_PIECES = /(`+)[\s\S]*?\1|\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g;

function convertInline(text: string): string {
  return text.replace(
    INLINE_PIECES,
    (whole, ticks: string | undefined, inline: string | undefined, display: string | undefined) => {
      if (ticks) return whole;
      if (inline !== undefined) return `$${inline.trim()}$`;
      return `\n$$\n${(display ?? '').trim()}\n$$\n`;
    },
  );
}

/**
 * remark-math only knows `$` delimiters; models often answer with `\(…\)` and `\[…\]`.
 * Rewrites those outside code so the math plugin sees them.
 */
export function normalizeMathDelimiters(block: string): string {
  if (!LATEX_DELIMITERS.test(block)) return block;
  const lines = block.split('\n');
  const out: string[] = [];
  let prose: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (prose.length > 0) out.push(convertInline(prose.join('\n')));
    prose = [];
  };
  for (const line of lines) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (marker) {
      flush();
      fence = marker;
      out.push(line);
    } else {
      prose.push(line);
    }
  }
  flush();
  return out.join('\n');
}
