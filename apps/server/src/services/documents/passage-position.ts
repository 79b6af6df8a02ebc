import { PAGE_POSITION_MAX_RECTS, type PagePosition, type PageRect } from '@portal/contract';
import type { PageLayout } from './parsers';

/** Characters `start..end` of a page's text, whose boxes are in `layout`. */
export interface LayoutSpan {
  layout: PageLayout;
  start: number;
  end: number;
}

/** Four decimals place a box to a hundredth of a point on an A4 page and keep the stored JSON small. */
const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

/**
 * The rectangles covering a passage on its page, as fractions of the page. A line only partly in
 * the passage (a sentence ending mid-line) is cut in proportion to its characters — exact enough
 * for a highlight, and far cheaper than measuring every glyph. Null when no box is known.
 */
export function passagePosition(spans: readonly LayoutSpan[]): PagePosition | null {
  const first = spans[0];
  if (!first) return null;
  const { width, height } = first.layout;
  const rects: PageRect[] = [];
  for (const { layout, start, end } of spans) {
    for (const box of layout.boxes) {
      if (box.end <= start || box.start >= end || rects.length >= PAGE_POSITION_MAX_RECTS) continue;
      const chars = box.end - box.start;
      let { left, right } = box;
      // Horizontal lines only: a vertical column's characters run down, not across.
      if (right - left >= box.bottom - box.top) {
        const span = right - left;
        left = box.left + (span * Math.max(0, start - box.start)) / chars;
        right = box.right - (span * Math.max(0, box.end - end)) / chars;
      }
      const rect: PageRect = [
        round(left / width),
        round(box.top / height),
        round((right - left) / width),
        round((box.bottom - box.top) / height),
      ];
      if (rect[2] > 0 && rect[3] > 0) rects.push(rect);
    }
  }
  return rects.length > 0 ? { page_width: width, page_height: height, rects } : null;
}
