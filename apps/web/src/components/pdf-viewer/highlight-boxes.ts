import type { PageRect } from '@portal/contract';

/** A highlight's place over the drawn page, in CSS pixels from the page's top-left corner. */
export interface CssBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Room around the text so the mark does not clip the glyphs' edges. */
const PAD_PX = 2;
/** Hundredths of a pixel are plenty, and keep the styles free of float noise. */
const px = (n: number) => Math.round(n * 100) / 100;

/**
 * Boxes over a page drawn `pageWidth` × `pageHeight` CSS pixels: each rectangle is a fraction of
 * the page, so the same stored position fits any zoom. Padded a little and kept on the page.
 */
export function highlightBoxes(rects: readonly PageRect[], pageWidth: number, pageHeight: number): CssBox[] {
  return rects.map(([x, y, w, h]) => {
    const left = Math.max(0, x * pageWidth - PAD_PX);
    const top = Math.max(0, y * pageHeight - PAD_PX);
    const right = Math.min(pageWidth, (x + w) * pageWidth + PAD_PX);
    const bottom = Math.min(pageHeight, (y + h) * pageHeight + PAD_PX);
    return {
      left: px(left),
      top: px(top),
      width: px(Math.max(0, right - left)),
      height: px(Math.max(0, bottom - top)),
    };
  });
}

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;
const ZOOM_STEP = 1.25;

/** The next zoom (relative to fit width) one step in or out, within bounds. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = direction > 0 ? zoom * ZOOM_STEP : zoom / ZOOM_STEP;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(next * 100) / 100));
}

/** CSS pixels per PDF point that fit the page's width into the available width. */
export function fitWidthScale(availableWidth: number, pageWidth: number): number {
  if (!(availableWidth > 0) || !(pageWidth > 0)) return 1;
  return availableWidth / pageWidth;
}

/** Pages are numbered 1..count; anything else is brought back inside. */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.round(page)), Math.max(1, count));
}
