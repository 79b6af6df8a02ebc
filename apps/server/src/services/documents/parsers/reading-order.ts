import type { ImageRect } from './pdf-page-images';
import { trimWithLayout } from './pdf-page-text';
import type { PageLayout, TextBox } from './types';

/** Text OCR read in one image, with the top of the image on the page (page points). */
export interface OcrBlock {
  top: number;
  text: string;
}

/** A piece of a page's text: text-layer pieces keep their boxes, OCR pieces have none. */
export interface PagePiece {
  text: string;
  layout?: PageLayout;
}

/** Share of the page an image must cover to be read by OCR on a page that has a text layer. */
export const LARGE_IMAGE_SHARE = 0.25;
/** An image whose area already holds this many text-layer characters is a searchable scan: not read again. */
const TEXT_ON_IMAGE_CHARS = 10;

const area = (r: { left: number; top: number; right: number; bottom: number }) =>
  Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);

/** Non-blank characters of the text layer whose boxes' centres lie on the image. */
function textCharsOn(rect: ImageRect, text: string, layout: PageLayout): number {
  let chars = 0;
  for (const box of layout.boxes) {
    const x = (box.left + box.right) / 2;
    const y = (box.top + box.bottom) / 2;
    if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) continue;
    chars += text.slice(box.start, box.end).replace(/\s+/g, '').length;
  }
  return chars;
}

/**
 * Whether an image on a page with a text layer is worth OCR: it covers much of the page (a scan
 * under a heading, a photographed form) and the text layer holds next to nothing on it (an
 * already searchable scan carries its own invisible text there).
 */
export function isUnreadLargeImage(rect: ImageRect, text: string, layout: PageLayout): boolean {
  const page = layout.width * layout.height;
  if (!(page > 0) || area(rect) < LARGE_IMAGE_SHARE * page) return false;
  return textCharsOn(rect, text, layout) < TEXT_ON_IMAGE_CHARS;
}

/** The text `start..end` with the boxes inside it, offsets counted from `start`. */
function slice(text: string, layout: PageLayout, start: number, end: number): PagePiece {
  const boxes: TextBox[] = layout.boxes
    .filter((b) => b.start >= start && b.end <= end)
    .map((b) => ({ ...b, start: b.start - start, end: b.end - start }));
  return trimWithLayout(text.slice(start, end), { ...layout, boxes });
}

/**
 * A page's text layer and the text OCR read in its images, in reading order: each image's text
 * goes before the first run of text (in the layer's order) that lies lower on the page than the
 * image's top, so a heading comes before the scan under it and a caption after it.
 */
export function mergeInReadingOrder(text: string, layout: PageLayout, blocks: readonly OcrBlock[]): PagePiece[] {
  const pieces: PagePiece[] = [];
  let from = 0;
  let box = 0;
  for (const block of [...blocks].sort((a, b) => a.top - b.top)) {
    while (box < layout.boxes.length && (layout.boxes[box]!.top + layout.boxes[box]!.bottom) / 2 <= block.top) box++;
    const cut = Math.max(from, box < layout.boxes.length ? layout.boxes[box]!.start : text.length);
    pieces.push(slice(text, layout, from, cut), { text: block.text.trim() });
    from = cut;
  }
  pieces.push(slice(text, layout, from, text.length));
  return pieces.filter((p) => p.text.length > 0);
}
