import { normalizeWithOffsets } from '../normalize-text';
import type { ParsedDocument, ParsedUnit } from './types';

/** A unit in stored form, its boxes' character offsets moved with the characters they cover. */
function normalizeUnit(unit: ParsedUnit): ParsedUnit {
  const { text, offset } = normalizeWithOffsets(unit.text);
  if (text === unit.text) return unit;
  if (!unit.layout) return { ...unit, text };
  const boxes = unit.layout.boxes
    .map((box) => ({ ...box, start: offset(box.start), end: offset(box.end) }))
    .filter((box) => box.end > box.start);
  return { ...unit, text, layout: { ...unit.layout, boxes } };
}

/**
 * Every parser's output in the one written form that is stored, shown, quoted and indexed
 * (normalize-text.ts): Kangxi radicals and compatibility ideographs become ordinary characters.
 */
export function normalizeParsed(parsed: ParsedDocument): ParsedDocument {
  return { ...parsed, units: parsed.units.map(normalizeUnit) };
}
