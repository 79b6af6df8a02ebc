import type { PagePosition } from '@portal/contract';
import { passagePosition, type LayoutSpan } from './passage-position';
import type { ParsedUnit } from './parsers';

export interface Chunk {
  text: string;
  page: number | null;
  row: number | null;
  /** Where the passage lies on its PDF page; null when the page's layout is unknown. */
  position: PagePosition | null;
}

/** Passages around this size: long enough to carry a fact with its context, short enough to quote. */
const TARGET_CHARS = 500;
const MAX_CHARS = 800;

/** A piece of a unit's text with the offset it starts at, so its place on the page can be found. */
interface Piece {
  text: string;
  start: number;
}

/** The piece trimmed, its offset moved past the whitespace cut from its start. */
function trimmedPiece(text: string, start: number): Piece {
  return { text: text.trim(), start: start + text.length - text.trimStart().length };
}

/** Splits text at sentence ends into pieces of at most MAX_CHARS. */
function splitLong(text: string): Piece[] {
  if (text.length <= MAX_CHARS) return [trimmedPiece(text, 0)].filter((p) => p.text);
  const sentences = text.split(/(?<=[。！？!?；;\n]|\.\s)/);
  const pieces: Piece[] = [];
  let current = '';
  let currentStart = 0;
  let offset = 0;
  const push = (piece: string) => {
    pieces.push(trimmedPiece(piece, currentStart));
    currentStart += piece.length;
  };
  for (const s of sentences) {
    if (current && current.length + s.length > TARGET_CHARS) {
      push(current);
      current = '';
    }
    if (!current) currentStart = offset;
    current += s;
    offset += s.length;
    while (current.length > MAX_CHARS) {
      push(current.slice(0, MAX_CHARS));
      current = current.slice(MAX_CHARS);
    }
  }
  if (current.trim()) push(current);
  return pieces.filter((p) => p.text);
}

/**
 * Passages that never cross a page or a row, so every citation names one page or row: table rows
 * stay one chunk each; page text and flowing paragraphs are packed up to TARGET_CHARS. A PDF
 * passage keeps the boxes its characters cover on the page.
 */
export function chunkUnits(units: readonly ParsedUnit[]): Chunk[] {
  const chunks: Chunk[] = [];
  let buffer = '';
  let bufferPage: number | null = null;
  let spans: LayoutSpan[] = [];
  const flush = () => {
    if (buffer.trim())
      chunks.push({ text: buffer.trim(), page: bufferPage, row: null, position: passagePosition(spans) });
    buffer = '';
    spans = [];
  };
  for (const unit of units) {
    if (unit.row !== undefined) {
      flush();
      for (const piece of splitLong(unit.text))
        chunks.push({ text: piece.text, page: null, row: unit.row, position: null });
      continue;
    }
    const page = unit.page ?? null;
    if (page !== bufferPage) flush();
    bufferPage = page;
    for (const piece of splitLong(unit.text)) {
      if (buffer && buffer.length + piece.text.length > TARGET_CHARS) flush();
      buffer = buffer ? `${buffer}\n${piece.text}` : piece.text;
      if (unit.layout) {
        const end = piece.start + piece.text.length;
        const last = spans.at(-1);
        // Pieces of one page follow each other: one span covers them all.
        if (last && last.layout === unit.layout) last.end = end;
        else spans.push({ layout: unit.layout, start: piece.start, end });
      }
    }
  }
  flush();
  return chunks;
}
