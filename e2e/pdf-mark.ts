import type { Page } from 'playwright-core';

export interface MarkOnSheet {
  /** The mark's top edge as a share of the drawn page's height, from its top. */
  top: number;
  /** The mark's left edge from the page's left edge, in CSS pixels. */
  left: number;
  /** The mark's width as a share of the page's width. */
  width: number;
  /** The drawn page's width in CSS pixels. */
  sheetWidth: number;
}

/**
 * Where the first highlight sits on the drawn PDF page. Both boxes are read in one frame: the
 * viewer's sheet may still be sliding in, and two separate reads would see it at two positions.
 */
export function markOnSheet(page: Page): Promise<MarkOnSheet> {
  return page.evaluate(() => {
    const rect = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    const sheet = rect('.pdf-viewer-page');
    const box = rect('[data-testid="pdf-highlight"]');
    return {
      top: (box.y - sheet.y) / sheet.height,
      left: box.x - sheet.x,
      width: box.width / sheet.width,
      sheetWidth: sheet.width,
    };
  });
}
