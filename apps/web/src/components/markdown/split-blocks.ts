/**
 * Splits markdown into top-level blocks so that finished blocks can be rendered once and
 * memoised while only the live tail of a streamed answer re-renders.
 *
 * A block ends at a blank line, except when the next line continues it (indented text, or
 * another item of the same list). Fenced code (``` / ~~~) and display math ($$ / \[ \]) are
 * opaque: blank lines inside them never split, so an unclosed fence always stays in the tail.
 * While streaming, an incomplete last line that could still turn into a list item (`1`, `-`)
 * does not decide a boundary yet: a finished block must never need to change.
 */

export interface SplitResult {
  /** Blocks whose text will not change any more. */
  finished: string[];
  /** The last block, still growing while streaming ('' when there is none). */
  tail: string;
  /** Offset in the content where the tail starts. */
  tailStart: number;
}

const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const LIST_MARKER_PREFIX = /^ {0,3}(?:\d{1,9}|[-*+])$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

interface Fence {
  char: string;
  length: number;
}

type Opaque = { kind: 'fence'; fence: Fence } | { kind: 'math'; close: '$$' | '\\]' } | null;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function openFence(line: string): Fence | null {
  const match = FENCE.exec(line);
  if (!match) return null;
  const marker = match[1] ?? '';
  const char = marker[0] ?? '`';
  // A backtick fence's info string may not contain backticks (CommonMark).
  if (char === '`' && (match[2] ?? '').includes('`')) return null;
  return { char, length: marker.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length) return false;
  for (const ch of trimmed) if (ch !== fence.char) return false;
  return true;
}

function openMath(line: string): Opaque {
  const trimmed = line.trim();
  if (trimmed.startsWith('$$')) {
    return trimmed.length > 2 && trimmed.slice(2).includes('$$') ? null : { kind: 'math', close: '$$' };
  }
  if (trimmed.startsWith('\\[')) {
    return trimmed.slice(2).includes('\\]') ? null : { kind: 'math', close: '\\]' };
  }
  return null;
}

/**
 * Scans `content` from `start` (which must be the start of a block) and returns the offsets
 * where new blocks begin.
 */
function blockStarts(content: string, start: number, streaming: boolean): number[] {
  const starts = [start];
  let opaque: Opaque = null;
  let blockIsList = false;
  let blockHasText = false;
  let sawBlank = false;
  let forceBreak = false;
  let pos = start;

  while (pos < content.length) {
    const newline = content.indexOf('\n', pos);
    const complete = newline !== -1;
    const end = complete ? newline : content.length;
    const line = content.slice(pos, end);
    const next = complete ? newline + 1 : content.length;

    if (opaque) {
      if (opaque.kind === 'fence' ? closesFence(line, opaque.fence) : line.includes(opaque.close)) opaque = null;
      pos = next;
      continue;
    }
    if (isBlank(line)) {
      if (blockHasText) sawBlank = true;
      pos = next;
      continue;
    }

    const indented = line.startsWith(' ') || line.startsWith('\t');
    const listItem = LIST_ITEM.test(line);
    const continues = !forceBreak && (indented || (listItem && blockIsList));
    const undecided = streaming && !complete && blockIsList && LIST_MARKER_PREFIX.test(line);
    if (blockHasText && (sawBlank || forceBreak) && !continues && !undecided) {
      starts.push(pos);
      blockIsList = listItem;
    } else if (!blockHasText) {
      blockIsList = listItem;
    }
    blockHasText = true;
    sawBlank = false;
    forceBreak = false;

    const fence = openFence(line);
    if (fence) opaque = { kind: 'fence', fence };
    else opaque = openMath(line);
    // A heading is a block of its own; cutting after it keeps the next paragraph's block small.
    if (!opaque && complete && ATX_HEADING.test(line)) forceBreak = true;
    pos = next;
  }
  return starts;
}

function sliceBlocks(content: string, starts: number[]): string[] {
  return starts.map((s, i) => content.slice(s, starts[i + 1] ?? content.length));
}

/** One-shot split (used for non-streamed content and in tests). */
export function splitBlocks(content: string, streaming = false): SplitResult {
  const starts = blockStarts(content, 0, streaming);
  const blocks = sliceBlocks(content, starts);
  const tail = blocks.pop() ?? '';
  return { finished: blocks, tail, tailStart: starts[starts.length - 1] ?? 0 };
}

/**
 * Incremental splitter: while the content only grows, finished blocks are kept and only the tail
 * is rescanned, so the cost of an update does not grow with the answer.
 */
export function createBlockSplitter(): (content: string, streaming: boolean) => SplitResult {
  let stable = '';
  let finished: string[] = [];

  return (content, streaming) => {
    if (!content.startsWith(stable)) {
      stable = '';
      finished = [];
    }
    const starts = blockStarts(content, stable.length, streaming);
    const fresh = sliceBlocks(content, starts);
    const tail = fresh.pop() ?? '';
    if (fresh.length > 0) {
      finished = finished.concat(fresh);
    }
    const tailStart = starts[starts.length - 1] ?? stable.length;
    if (tailStart !== stable.length) stable = content.slice(0, tailStart);
    return { finished, tail, tailStart };
  };
}

const DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S/m;

/**
 * Reference definitions and footnotes (`[id]: url`, `[^1]: text`) resolve across the whole
 * document, so content using them cannot be rendered block by block.
 */
export function hasDefinitions(text: string): boolean {
  return DEFINITION.test(text);
}
