// Before pdf.js: the Node 20 gap that hid the images of pages with text.
import './pdfjs-polyfills';
import { docFailureMessages, OVERSIZED_IMAGE_NOTE, oversizedImagesNote } from '@portal/contract';
import { getDocumentProxy } from 'unpdf';
import { createOcrPool, type OcrPool } from '../ocr/ocr-pool';
import {
  type ImageFilter,
  type ImageRect,
  listenToPdfWarnings,
  pageImageRects,
  pageImagesForOcr,
  type PageImages,
  PDFJS_WARNINGS,
} from './pdf-page-images';
import { pageTextWithLayout, trimWithLayout } from './pdf-page-text';
import { isUnreadLargeImage, mergeInReadingOrder, type OcrBlock, type PagePiece } from './reading-order';
import {
  DEFAULT_MAX_IMAGE_PIXELS,
  DocumentParseError,
  type PageLayout,
  type ParsedDocument,
  type ParseLimits,
} from './types';

/** Fewer characters than this on a page: it has no text layer (a scan) and goes to OCR. */
const MIN_PAGE_TEXT_CHARS = 10;

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

const visibleChars = (text: string) => text.replace(/\s+/g, '').length;

/**
 * The text OCR reads in a page's images (those `filter` keeps), one block per image with the
 * image's top, and whether an image was skipped undecoded for declaring more pixels than the budget.
 */
async function ocrPage(
  pdf: PdfProxy,
  page: number,
  pool: OcrPool,
  filter?: ImageFilter,
): Promise<{ blocks: OcrBlock[]; oversized: boolean }> {
  let images: PageImages;
  try {
    images = await pageImagesForOcr(pdf, page, filter);
  } catch {
    return { blocks: [], oversized: false };
  }
  const blocks: OcrBlock[] = [];
  for (const { png, rect } of images.images) {
    const text = await pool.recognize(png);
    if (text) blocks.push({ top: rect.top, text });
  }
  return { blocks, oversized: images.oversized > 0 };
}

/** A page's text-layer text and where it lies. */
interface PageText {
  text: string;
  layout: PageLayout;
}

/**
 * Pages to read by OCR: those without a text layer (scans), and those whose text layer leaves a
 * large image unread (a heading above a scan), with the filter that picks those images.
 */
async function pagesForOcr(pdf: PdfProxy, pages: readonly PageText[]): Promise<Map<number, ImageFilter | undefined>> {
  const wanted = new Map<number, ImageFilter | undefined>();
  for (let i = 0; i < pages.length; i++) {
    const { text, layout } = pages[i]!;
    if (visibleChars(text) < MIN_PAGE_TEXT_CHARS) {
      wanted.set(i + 1, undefined);
      continue;
    }
    const unread = (rect: ImageRect) => isUnreadLargeImage(rect, text, layout);
    const rects = await pageImageRects(pdf, i + 1).catch(() => []);
    if (rects.some(unread)) wanted.set(i + 1, unread);
  }
  return wanted;
}

/**
 * Text per page, with where it lies on the page. Pages with a text layer take the fast path; pages without one (scans) are read
 * by OCR when `limits.ocr` allows; a file with nothing readable at all, an encrypted or a broken
 * file fails with its Chinese reason.
 */
export async function parsePdf(bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  const stopListening = listenToPdfWarnings();
  try {
    return await parseWithPdfjs(bytes, limits);
  } finally {
    stopListening();
  }
}

async function parseWithPdfjs(bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  let pdf: PdfProxy;
  try {
    // Images are decoded for OCR only, and never one declaring more pixels than the budget:
    // pdf.js checks the image's dictionary before decoding it (a 0.5 MB file can declare gigabytes).
    const maxImageSize = limits.ocr?.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS;
    pdf = await getDocumentProxy(bytes, { verbosity: PDFJS_WARNINGS, maxImageSize });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new DocumentParseError(docFailureMessages.encrypted);
    throw new DocumentParseError(docFailureMessages.corrupt);
  }
  try {
    if (pdf.numPages > limits.maxPages) throw new DocumentParseError(docFailureMessages.tooManyPages(limits.maxPages));
    const pages: PageText[] = [];
    try {
      for (let page = 1; page <= pdf.numPages; page++) {
        const read = await pageTextWithLayout(pdf, page);
        pages.push(trimWithLayout(read.text, read.layout));
      }
    } catch {
      throw new DocumentParseError(docFailureMessages.corrupt);
    }
    // Each page's pieces in reading order; a page read by OCR gets its images' text among them.
    const pieces: PagePiece[][] = pages.map(({ text, layout }) => [{ text, layout }]);
    // Pages whose images were too large to decode: the page's text says so, and so does the file.
    const oversizedPages: number[] = [];
    const wanted = limits.ocr ? await pagesForOcr(pdf, pages) : new Map<number, ImageFilter | undefined>();
    const toRead = [...wanted.keys()];
    if (limits.ocr && toRead.length > 0) {
      limits.onOcrProgress?.(0, toRead.length);
      const pool = await createOcrPool(limits.ocr.workers);
      try {
        let done = 0;
        let next = 0;
        // As many lanes as OCR workers: a page's image is extracted only when a worker can take it,
        // so a long scan never holds all its pages' pixels at once.
        const lane = async () => {
          while (next < toRead.length) {
            const page = toRead[next++]!;
            const filter = wanted.get(page);
            const { blocks, oversized } = await ocrPage(pdf, page, pool, filter);
            const { text, layout } = pages[page - 1]!;
            if (filter) {
              // A page with a text layer: its text and the images' text, in reading order.
              if (blocks.length > 0) pieces[page - 1] = mergeInReadingOrder(text, layout, blocks);
            } else {
              // A scan: OCR text replaces the page's few stray characters only when it found more.
              const read = blocks.map((b) => b.text).join('\n');
              if (visibleChars(read) > visibleChars(text)) pieces[page - 1] = [{ text: read }];
            }
            if (oversized) {
              oversizedPages.push(page);
              // The note is added to the page's last piece, whose boxes no longer cover all its text.
              pieces[page - 1] = pieces[page - 1]!.map((p) => ({ text: p.text }));
            }
            limits.onOcrProgress?.(++done, toRead.length);
          }
        };
        await Promise.all(Array.from({ length: Math.max(1, limits.ocr.workers) }, lane));
      } finally {
        await pool.close();
      }
    }
    oversizedPages.sort((a, b) => a - b);
    const chars = pieces.flat().reduce((n, piece) => n + visibleChars(piece.text), 0);
    if (chars < MIN_PAGE_TEXT_CHARS) {
      if (oversizedPages.length > 0) throw new DocumentParseError(oversizedImagesNote(oversizedPages));
      throw new DocumentParseError(limits.ocr ? docFailureMessages.unreadable : docFailureMessages.noTextLayer);
    }
    const units = pieces.flatMap((pagePieces, i) => {
      const page = i + 1;
      const kept = pagePieces.filter((p) => p.text.length > 0);
      if (oversizedPages.includes(page)) kept.push({ text: `[${OVERSIZED_IMAGE_NOTE}]` });
      return kept.map((p) => ({ text: p.text, page, ...(p.layout ? { layout: p.layout } : {}) }));
    });
    return {
      units,
      pageCount: pdf.numPages,
      ...(oversizedPages.length > 0 ? { note: oversizedImagesNote(oversizedPages) } : {}),
    };
  } finally {
    await pdf.cleanup().catch(() => undefined);
  }
}
