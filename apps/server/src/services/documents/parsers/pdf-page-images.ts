// Before pdf.js: the Node 20 gap that hid the images of pages with text.
import './pdfjs-polyfills';
import { getResolvedPDFJS, type getDocumentProxy } from 'unpdf';
import { downscaleToPixels } from '../ocr/downscale';
import { encodePng, type RawImage } from '../ocr/png-encoder';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Images smaller than this (either side) are icons or rules, not scanned text. */
const MIN_IMAGE_SIDE = 32;
/**
 * Images read by OCR are scaled down to this many pixels (an A4 page at 300 dpi, the resolution
 * tesseract reads print best at): past it it reads no better, only slower and in more memory,
 * which its wasm heap keeps until the worker closes.
 */
export const OCR_MAX_PIXELS = 9_000_000;

/**
 * pdf.js compares an image's declared Width×Height with the document's `maxImageSize` before
 * decoding it, and drops a larger one with this warning only (no error, no trace in the operator
 * list): listening to its warnings is the one way to learn that a page lost an image.
 */
const OVERSIZED_WARNING = 'Image exceeded maximum allowed size';
/** pdf.js's warnings are printed with this prefix (verbosity WARNINGS and up). */
const PDFJS_WARNING = 'Warning: ';
/** pdf.js's `VerbosityLevel.WARNINGS`: open documents with it so the warning above is raised. */
export const PDFJS_WARNINGS = 1;

let oversizedSeen = 0;
let listeners = 0;
let originalWarn: typeof console.warn | undefined;

/**
 * Counts pdf.js's oversized-image warnings and keeps its other warnings quiet (as verbosity 0
 * did) until the returned function is called. Parses in one thread share one listener.
 */
export function listenToPdfWarnings(): () => void {
  if (listeners++ === 0) {
    const warn = (originalWarn = console.warn);
    console.warn = (...args: unknown[]) => {
      const [first] = args;
      if (typeof first !== 'string' || !first.startsWith(PDFJS_WARNING)) return warn(...args);
      if (first.includes(OVERSIZED_WARNING)) oversizedSeen++;
    };
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--listeners === 0 && originalWarn) console.warn = originalWarn;
  };
}

/** One page's images at a time, so a warning belongs to the page being read. */
let queue: Promise<unknown> = Promise.resolve();

export interface PageImages {
  /** The page's images worth reading, as PNGs for tesseract (large ones scaled down). */
  pngs: Buffer[];
  /** Images pdf.js dropped undecoded for declaring more pixels than the document's budget. */
  oversized: number;
}

/**
 * The images a page draws, for OCR, through pdf.js opened with `maxImageSize` (none above the
 * budget is ever decoded) and `listenToPdfWarnings` running. The page's decoded pixels are
 * released as soon as they are encoded: a long scan never holds more than its page in flight.
 */
export function pageImagesForOcr(pdf: PdfProxy, pageNumber: number): Promise<PageImages> {
  const read = queue.then(() => readPageImages(pdf, pageNumber));
  queue = read.catch(() => undefined);
  return read;
}

async function readPageImages(pdf: PdfProxy, pageNumber: number): Promise<PageImages> {
  const { OPS } = await getResolvedPDFJS();
  const page = await pdf.getPage(pageNumber);
  const before = oversizedSeen;
  try {
    const operators = await page.getOperatorList();
    const pngs: Buffer[] = [];
    for (let i = 0; i < operators.fnArray.length; i++) {
      if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
      const key = (operators.argsArray[i] as [string])[0];
      const objects = key.startsWith('g_') ? page.commonObjs : page.objs;
      const image = await new Promise<{ data?: Uint8Array; width?: number; height?: number } | null>((resolve) =>
        objects.get(key, resolve),
      );
      if (!image?.data || !image.width || !image.height) continue;
      const { data, width, height } = image;
      const channels = data.length / (width * height);
      if (channels !== 1 && channels !== 3 && channels !== 4) continue;
      if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) continue;
      const raw: RawImage = { data, width, height, channels };
      pngs.push(encodePng(downscaleToPixels(raw, OCR_MAX_PIXELS)));
    }
    return { pngs, oversized: oversizedSeen - before };
  } finally {
    page.cleanup();
  }
}
