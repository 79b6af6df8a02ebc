// Before pdf.js: the Node 20 gap that hid the images of pages with text.
import './pdfjs-polyfills';
import { docFailureMessages, OVERSIZED_IMAGE_NOTE, oversizedImagesNote } from '@portal/contract';
import { getDocumentProxy } from 'unpdf';
import { createOcrPool, type OcrPool } from '../ocr/ocr-pool';
import { listenToPdfWarnings, pageImagesForOcr, PDFJS_WARNINGS } from './pdf-page-images';
import { pageTextWithLayout, trimWithLayout } from './pdf-page-text';
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
 * The text OCR reads in a page's images, in drawing order (empty when nothing readable), and
 * whether an image was skipped undecoded for declaring more pixels than the budget.
 */
async function ocrPage(pdf: PdfProxy, page: number, pool: OcrPool): Promise<{ text: string; oversized: boolean }> {
  let images: Awaited<ReturnType<typeof pageImagesForOcr>>;
  try {
    images = await pageImagesForOcr(pdf, page);
  } catch {
    return { text: '', oversized: false };
  }
  const texts: string[] = [];
  for (const png of images.pngs) {
    const text = await pool.recognize(png);
    if (text) texts.push(text);
  }
  return { text: texts.join('\n'), oversized: images.oversized > 0 };
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
    const texts: string[] = [];
    // Where each page's text lies, for highlighting a cited passage; dropped where OCR replaces the text.
    const layouts: (PageLayout | undefined)[] = [];
    try {
      for (let page = 1; page <= pdf.numPages; page++) {
        const read = await pageTextWithLayout(pdf, page);
        const { text, layout } = trimWithLayout(read.text, read.layout);
        texts.push(text);
        layouts.push(layout);
      }
    } catch {
      throw new DocumentParseError(docFailureMessages.corrupt);
    }
    const scanned = texts.flatMap((text, i) => (visibleChars(text) < MIN_PAGE_TEXT_CHARS ? [i + 1] : []));
    // Pages whose images were too large to decode: the page's text says so, and so does the file.
    const oversizedPages: number[] = [];
    if (limits.ocr && scanned.length > 0) {
      limits.onOcrProgress?.(0, scanned.length);
      const pool = await createOcrPool(limits.ocr.workers);
      try {
        let done = 0;
        let next = 0;
        // As many lanes as OCR workers: a page's image is extracted only when a worker can take it,
        // so a long scan never holds all its pages' pixels at once.
        const lane = async () => {
          while (next < scanned.length) {
            const page = scanned[next++]!;
            const { text, oversized } = await ocrPage(pdf, page, pool);
            // OCR text replaces a page's few stray characters only when it found more.
            if (visibleChars(text) > visibleChars(texts[page - 1]!)) {
              texts[page - 1] = text;
              layouts[page - 1] = undefined;
            }
            if (oversized) {
              oversizedPages.push(page);
              layouts[page - 1] = undefined;
            }
            limits.onOcrProgress?.(++done, scanned.length);
          }
        };
        await Promise.all(Array.from({ length: Math.max(1, limits.ocr.workers) }, lane));
      } finally {
        await pool.close();
      }
    }
    oversizedPages.sort((a, b) => a - b);
    const chars = texts.reduce((n, text) => n + visibleChars(text), 0);
    if (chars < MIN_PAGE_TEXT_CHARS) {
      if (oversizedPages.length > 0) throw new DocumentParseError(oversizedImagesNote(oversizedPages));
      throw new DocumentParseError(limits.ocr ? docFailureMessages.unreadable : docFailureMessages.noTextLayer);
    }
    const units = texts
      .map((text, i) => ({
        text: oversizedPages.includes(i + 1) ? [text, `[${OVERSIZED_IMAGE_NOTE}]`].filter(Boolean).join('\n') : text,
        page: i + 1,
        ...(layouts[i] ? { layout: layouts[i] } : {}),
      }))
      .filter((u) => u.text.length > 0);
    return {
      units,
      pageCount: pdf.numPages,
      ...(oversizedPages.length > 0 ? { note: oversizedImagesNote(oversizedPages) } : {}),
    };
  } finally {
    await pdf.cleanup().catch(() => undefined);
  }
}
