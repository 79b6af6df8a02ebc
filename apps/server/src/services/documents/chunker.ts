import type { ParsedUnit } from './parsers';

export interface Chunk {
  text: string;
  page: number | null;
  row: number | null;
}

/** Passages around this size: long enough to carry a fact with its context, short enough to quote. */
const TARGET_CHARS = 500;
const MAX_CHARS = 800;

/** Splits text at sentence ends into pieces of at most MAX_CHARS. */
function splitLong(text: string): string[] {
  if (text.length <= MAX_CHARS) return [text];
  const sentences = text.split(/(?<=[。！？!?；;\n]|\.\s)/);
  const pieces: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && current.length + s.length > TARGET_CHARS) {
      pieces.push(current);
      current = '';
    }
    current += s;
    while (current.length > MAX_CHARS) {
      pieces.push(current.slice(0, MAX_CHARS));
      current = current.slice(MAX_CHARS);
    }
  }
  if (current.trim()) pieces.push(current);
  return pieces.map((p) => p.trim()).filter(Boolean);
}

/**
 * Passages that never cross a page or a row, so every citation names one page or row: table rows
 * stay one chunk each; page text and flowing paragraphs are packed up to TARGET_CHARS.
 */
export function chunkUnits(units: readonly ParsedUnit[]): Chunk[] {
  const chunks: Chunk[] = [];
  let buffer = '';
  let bufferPage: number | null = null;
  const flush = () => {
    if (buffer.trim()) chunks.push({ text: buffer.trim(), page: bufferPage, row: null });
    buffer = '';
  };
  for (const unit of units) {
    if (unit.row !== undefined) {
      flush();
      for (const piece of splitLong(unit.text)) chunks.push({ text: piece, page: null, row: unit.row });
      continue;
    }
    const page = unit.page ?? null;
    if (page !== bufferPage) flush();
    bufferPage = page;
    for (const piece of splitLong(unit.text)) {
      if (buffer && buffer.length + piece.length > TARGET_CHARS) flush();
      buffer = buffer ? `${buffer}\n${piece}` : piece;
    }
  }
  flush();
  return chunks;
}
