import { docFailureMessages } from '@portal/contract';
import { extractImages, getDocumentProxy } from 'unpdf';
import { createOcrPool, type OcrPool } from '../ocr/ocr-pool';
import { encodePng } from '../ocr/png-encoder';
import { pageTextWithLayout, trimWithLayout } from './pdf-page-text';
import { DocumentParseError, type PageLayout, type ParsedDocument, type ParseLimits } from './types';

/** Fewer characters than this on a page: it has no text layer (a scan) and goes to OCR. */
const MIN_PAGE_TEXT_CHARS = 10;
/** Images smaller than this (either side) are icons or rules, not scanned text. */
const MIN_IMAGE_SIDE = 32;

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

const visibleChars = (text: string) => text.replace(/\s+/g, '').length;

/** The text OCR reads in a page's images, in drawing order (empty when nothing readable). */
async function ocrPage(pdf: PdfProxy, page: number, pool: OcrPool): Promise<string> {
  let images: Awaited<ReturnType<typeof extractImages>>;
  try {
    images = await extractImages(pdf, page);
  } catch {
    return '';
  }
  const texts: string[] = [];
  for (const image of images) {
    if (image.width < MIN_IMAGE_SIDE || image.height < MIN_IMAGE_SIDE) continue;
    const text = await pool.recognize(encodePng(image));
    if (text) texts.push(text);
  }
  return texts.join('\n');
}

/**
 * Text per page, with where it lies on the page. Pages with a text layer take the fast path; pages without one (scans) are read
 * by OCR when `limits.ocr` allows; a file with nothing readable at all, an encrypted or a broken
 * file fails with its Chinese reason.
 */
export async function parsePdf(bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  let pdf: PdfProxy;
  try {
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
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
            const text = await ocrPage(pdf, page, pool);
            // OCR text replaces a page's few stray characters only when it found more.
            if (visibleChars(text) > visibleChars(texts[page - 1]!)) {
              texts[page - 1] = text;
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
    const units = texts
      .map((text, i) => ({ text, page: i + 1, ...(layouts[i] ? { layout: layouts[i] } : {}) }))
      .filter((u) => u.text.length > 0);
    const chars = units.reduce((n, u) => n + visibleChars(u.text), 0);
    if (chars < MIN_PAGE_TEXT_CHARS)
      throw new DocumentParseError(limits.ocr ? docFailureMessages.unreadable : docFailureMessages.noTextLayer);
    return { units, pageCount: pdf.numPages };
  } finally {
    await pdf.cleanup().catch(() => undefined);
  }
}
