/**
 * A run of text on a PDF page: the characters `start..end` of its unit's text, and the box they
 * cover in page points, measured from the page's top-left corner as displayed (rotation applied).
 */
export interface TextBox {
  start: number;
  end: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where a page's text lies: the page's displayed size in points and its runs of text in reading order. */
export interface PageLayout {
  width: number;
  height: number;
  boxes: TextBox[];
}

/** A passage of parsed text with where it came from. */
export interface ParsedUnit {
  text: string;
  /** 1-based page of a PDF. */
  page?: number;
  /** 1-based data row of a csv/xlsx (the header row excluded). */
  row?: number;
  /** Where the text lies on its PDF page; absent for other kinds and for text read by OCR. */
  layout?: PageLayout;
}

export interface ParsedDocument {
  units: ParsedUnit[];
  /** Pages (PDF) or data rows (tables); null for flowing text. */
  pageCount: number | null;
  /** What the user should know of a file that parsed (pages whose images were skipped), in Chinese. */
  note?: string;
}

/** A parse that failed for a reason the user can read (Chinese); anything else counts as corrupt. */
export class DocumentParseError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DocumentParseError';
  }
}

/**
 * Pixels (Width×Height as declared) of the largest image decoded for OCR: an A4 page scanned at
 * 600 dpi (35 Mpx) fits; a larger image is skipped before decoding. Decoded pixels live outside
 * the parse worker's heap limit, so this is what bounds its memory.
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

export interface ParseLimits {
  maxPages: number;
  maxRows: number;
  /** OCR of PDF pages without a text layer; absent when `documents.ocr` is off. */
  ocr?: {
    workers: number;
    /** Images declaring more pixels are skipped undecoded (图片过大，已跳过识别); DEFAULT_MAX_IMAGE_PIXELS when absent. */
    maxImagePixels?: number;
  };
  /** Called as scanned pages are read (done of total); set inside the worker, never sent to it. */
  onOcrProgress?: (done: number, total: number) => void;
}
