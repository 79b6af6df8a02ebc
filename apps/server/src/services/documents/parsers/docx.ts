import { docFailureMessages } from '@portal/contract';
import mammoth from 'mammoth';
import { DocumentParseError, type ParsedDocument } from './types';

/** The document's paragraphs as flowing text (Word files have no fixed pages). */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  let text: string;
  try {
    ({ value: text } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) }));
  } catch {
    throw new DocumentParseError(docFailureMessages.corrupt);
  }
  const units = text
    .split(/\n+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => ({ text: t }));
  return { units, pageCount: null };
}
