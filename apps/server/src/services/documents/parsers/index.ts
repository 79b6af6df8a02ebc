import { docFailureMessages, KIND_MIME_TYPES } from '@portal/contract';
import { parseDocx } from './docx';
import { normalizeParsed } from './normalize-parsed';
import { parsePdf } from './pdf';
import { parseCsv, parsePlainText } from './text';
import { DocumentParseError, type ParsedDocument, type ParseLimits } from './types';
import { parseXlsx } from './xlsx';

export {
  DocumentParseError,
  type PageLayout,
  type ParsedDocument,
  type ParsedUnit,
  type ParseLimits,
  type TextBox,
} from './types';

/**
 * Parses a stored file by its content-checked MIME type, its text in the one form that is stored
 * and searched whatever the parser (text layer, OCR, Word, tables, plain text).
 */
export async function parseDocument(mime: string, bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  return normalizeParsed(await parseByType(mime, bytes, limits));
}

async function parseByType(mime: string, bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  switch (mime) {
    case KIND_MIME_TYPES.pdf:
      return parsePdf(bytes, limits);
    case KIND_MIME_TYPES.docx:
      return parseDocx(bytes);
    case KIND_MIME_TYPES.xlsx:
      return parseXlsx(bytes, limits);
    case KIND_MIME_TYPES.csv:
      return parseCsv(bytes, limits);
    case KIND_MIME_TYPES.txt:
    case KIND_MIME_TYPES.md:
      return parsePlainText(bytes);
    default:
      throw new DocumentParseError(docFailureMessages.unsupported);
  }
}
