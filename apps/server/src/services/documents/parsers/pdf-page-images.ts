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

/** Where an image lies on its page: page points, top-left origin, as the text boxes are measured. */
export interface ImageRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PageImage {
  /** The image as a PNG for tesseract (a large one scaled down). */
  png: Buffer;
  rect: ImageRect;
}

export interface PageImages {
  /** The page's images worth reading, in drawing order. */
  images: PageImage[];
  /** Images pdf.js dropped undecoded for declaring more pixels than the document's budget. */
  oversized: number;
}

/** Which of a page's images to read, by where they lie; every image when absent. */
export type ImageFilter = (rect: ImageRect) => boolean;

/**
 * The images a page draws, for OCR, through pdf.js opened with `maxImageSize` (none above the
 * budget is ever decoded) and `listenToPdfWarnings` running. The page's decoded pixels are
 * released as soon as they are encoded: a long scan never holds more than its page in flight.
 */
export function pageImagesForOcr(pdf: PdfProxy, pageNumber: number, filter?: ImageFilter): Promise<PageImages> {
  const read = queue.then(() => readPageImages(pdf, pageNumber, filter));
  queue = read.catch(() => undefined);
  return read;
}

/** Where the page's images lie (none decoded for OCR, none encoded), to decide whether to read them. */
export function pageImageRects(pdf: PdfProxy, pageNumber: number): Promise<ImageRect[]> {
  const read = queue.then(async () => {
    const page = await pdf.getPage(pageNumber);
    try {
      return (await imagePaints(page)).map((paint) => paint.rect);
    } finally {
      page.cleanup();
    }
  });
  queue = read.catch(() => undefined);
  return read;
}

type PdfPage = Awaited<ReturnType<PdfProxy['getPage']>>;
type Matrix = [number, number, number, number, number, number];

/** `m` then `t` applied inside it (PDF's `cm`: the new matrix maps through `t` first). */
function multiply(m: Matrix, t: Matrix): Matrix {
  return [
    m[0] * t[0] + m[2] * t[1],
    m[1] * t[0] + m[3] * t[1],
    m[0] * t[2] + m[2] * t[3],
    m[1] * t[2] + m[3] * t[3],
    m[0] * t[4] + m[2] * t[5] + m[4],
    m[1] * t[4] + m[3] * t[5] + m[5],
  ];
}

interface ImagePaint {
  key: string;
  rect: ImageRect;
}

/**
 * The images the page paints (paintImageXObject, the way scans and pictures are drawn), each with
 * the box it covers: an image fills the unit square of the transformation in force, which the
 * operator list gives as save/restore/transform and form XObjects' own matrices.
 */
async function imagePaints(page: PdfPage): Promise<ImagePaint[]> {
  const { OPS } = await getResolvedPDFJS();
  const viewport = page.getViewport({ scale: 1 });
  const operators = await page.getOperatorList();
  const paints: ImagePaint[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  for (let i = 0; i < operators.fnArray.length; i++) {
    const op = operators.fnArray[i];
    const args = operators.argsArray[i] as unknown[] | null;
    if (op === OPS.save) stack.push(ctm);
    else if (op === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (op === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (op === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args?.[0] as ArrayLike<number> | null | undefined;
      if (matrix && matrix.length === 6) ctm = multiply(ctm, Array.from(matrix) as Matrix);
    } else if (op === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (op === OPS.paintImageXObject) {
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([x, y]) =>
        viewport.convertToViewportPoint(ctm[0] * x! + ctm[2] * y! + ctm[4], ctm[1] * x! + ctm[3] * y! + ctm[5]),
      ) as [number, number][];
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      paints.push({
        key: (args as [string])[0],
        rect: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) },
      });
    }
  }
  return paints;
}

async function readPageImages(pdf: PdfProxy, pageNumber: number, filter?: ImageFilter): Promise<PageImages> {
  const page = await pdf.getPage(pageNumber);
  const before = oversizedSeen;
  try {
    const images: PageImage[] = [];
    for (const { key, rect } of await imagePaints(page)) {
      if (filter && !filter(rect)) continue;
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
      images.push({ png: encodePng(downscaleToPixels(raw, OCR_MAX_PIXELS)), rect });
    }
    return { images, oversized: oversizedSeen - before };
  } finally {
    page.cleanup();
  }
}
