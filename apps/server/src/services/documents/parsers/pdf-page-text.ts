import type { getDocumentProxy } from 'unpdf';
import type { PageLayout, TextBox } from './types';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfProxy['getPage']>>;
type TextContent = Awaited<ReturnType<PdfPage['getTextContent']>>;
type TextStyle = TextContent['styles'][string];
interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  hasEOL: boolean;
}

/** Font metrics pdf.js falls back on when a font states none (as its own text layer does). */
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;

/** The box of one text item in page points, top-left origin, or null when it covers nothing. */
function itemBox(item: TextItem, style: TextStyle | undefined, toViewport: (rect: number[]) => number[]) {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const fontHeight = Math.hypot(c, d) || Math.hypot(a, b);
  const vertical = style?.vertical ?? false;
  const length = vertical ? item.height : item.width;
  if (!(fontHeight > 0) || !(length > 0)) return null;
  const ascent = style?.ascent || (style?.descent ? 1 + style.descent : DEFAULT_ASCENT);
  const descent = style?.descent || DEFAULT_DESCENT;
  // Along the baseline (u) and up from it (v), in user space; vertical fonts run a quarter turn on.
  const angle = Math.atan2(b, a) + (vertical ? -Math.PI / 2 : 0);
  const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
  const [vx, vy] = [-uy, ux];
  const xs: number[] = [];
  const ys: number[] = [];
  for (const along of [0, length]) {
    for (const up of [descent * fontHeight, ascent * fontHeight]) {
      xs.push(e + ux * along + vx * up);
      ys.push(f + uy * along + vy * up);
    }
  }
  const [x1, y1, x2, y2] = toViewport([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]) as [
    number,
    number,
    number,
    number,
  ];
  return { left: Math.min(x1, x2), top: Math.min(y1, y2), right: Math.max(x1, x2), bottom: Math.max(y1, y2) };
}

/** Whether `next` continues the line of `box`: they overlap vertically by half the smaller height and sit close. */
function sameLine(box: TextBox, next: Omit<TextBox, 'start' | 'end'>): boolean {
  const height = Math.min(box.bottom - box.top, next.bottom - next.top);
  const overlap = Math.min(box.bottom, next.bottom) - Math.max(box.top, next.top);
  const gap = next.left - box.right;
  return overlap >= height / 2 && gap > -height && gap < 2 * height;
}

/**
 * A page's text as pdf.js reads it (items in content order, a line break after each item that ends
 * a line — the same text unpdf's extractText gives) with the boxes its runs of text cover: items
 * on one line merge into one box, so a page holds a few dozen boxes, not thousands.
 */
export async function pageTextWithLayout(
  pdf: PdfProxy,
  pageNumber: number,
): Promise<{ text: string; layout: PageLayout }> {
  const page = await pdf.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const toViewport = (rect: number[]) => viewport.convertToViewportRectangle(rect) as number[];
    const content = await page.getTextContent();
    let text = '';
    const boxes: TextBox[] = [];
    let lineEnded = true;
    for (const raw of content.items) {
      if (!('str' in raw)) continue;
      const item = raw as TextItem;
      const start = text.length;
      text += item.str;
      const box = item.str.trim() ? itemBox(item, content.styles[item.fontName], toViewport) : null;
      if (box) {
        const last = boxes.at(-1);
        if (last && !lineEnded && sameLine(last, box)) {
          last.end = text.length;
          last.left = Math.min(last.left, box.left);
          last.top = Math.min(last.top, box.top);
          last.right = Math.max(last.right, box.right);
          last.bottom = Math.max(last.bottom, box.bottom);
        } else {
          boxes.push({ start, end: text.length, ...box });
        }
        lineEnded = false;
      }
      if (item.hasEOL) {
        text += '\n';
        lineEnded = true;
      }
    }
    return { text, layout: { width: viewport.width, height: viewport.height, boxes } };
  } finally {
    page.cleanup();
  }
}

/** The text trimmed, with its boxes' character offsets moved to match. */
export function trimWithLayout(text: string, layout: PageLayout): { text: string; layout: PageLayout } {
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const boxes = layout.boxes
    .map((b) => ({ ...b, start: Math.max(0, b.start - lead), end: Math.min(trimmed.length, b.end - lead) }))
    .filter((b) => b.end > b.start);
  return { text: trimmed, layout: { ...layout, boxes } };
}
