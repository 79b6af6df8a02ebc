import { z } from 'zod';

/**
 * Where a passage sits on its PDF page, so a viewer can highlight it: the page's size in PDF points
 * (as displayed, rotation applied) and rectangles covering the passage's text, each
 * `[left, top, width, height]` as fractions (0..1) of the page's width and height, measured from
 * the page's top-left corner. Fractions make the boxes independent of the zoom the page is drawn at.
 */
const fraction = z.number().min(0).max(1);
export const pageRectSchema = z.tuple([fraction, fraction, fraction, fraction]);
export type PageRect = z.infer<typeof pageRectSchema>;

/** Rectangles kept for one passage at most (lines of text, merged where they touch). */
export const PAGE_POSITION_MAX_RECTS = 200;

export const pagePositionSchema = z.object({
  page_width: z.number().positive(),
  page_height: z.number().positive(),
  rects: z.array(pageRectSchema).max(PAGE_POSITION_MAX_RECTS),
});
export type PagePosition = z.infer<typeof pagePositionSchema>;

/** A passage's id as citations carry it (`chunk_id`). */
export const chunkIdSchema = z.string().regex(/^\d{1,18}$/, '切片编号不合法');
