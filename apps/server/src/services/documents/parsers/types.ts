/** A passage of parsed text with where it came from. */
export interface ParsedUnit {
  text: string;
  /** 1-based page of a PDF. */
  page?: number;
  /** 1-based data row of a csv/xlsx (the header row excluded). */
  row?: number;
}

export interface ParsedDocument {
  units: ParsedUnit[];
  /** Pages (PDF) or data rows (tables); null for flowing text. */
  pageCount: number | null;
}

/** A parse that failed for a reason the user can read (Chinese); anything else counts as corrupt. */
export class DocumentParseError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DocumentParseError';
  }
}

export interface ParseLimits {
  maxPages: number;
  maxRows: number;
  /** OCR of PDF pages without a text layer; absent when `documents.ocr` is off. */
  ocr?: { workers: number };
  /** Called as scanned pages are read (done of total); set inside the worker, never sent to it. */
  onOcrProgress?: (done: number, total: number) => void;
}
