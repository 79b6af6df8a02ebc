import { docFailureMessages } from '@portal/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { DocumentParseError, type ParsedDocument, type ParseLimits } from './types';

/** Fewer characters than this over the whole file: no text layer (a scan). */
const MIN_TEXT_CHARS = 10;

/** Text per page; a scan without a text layer, an encrypted or a broken file fails with its reason. */
export async function parsePdf(bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new DocumentParseError(docFailureMessages.encrypted);
    throw new DocumentParseError(docFailureMessages.corrupt);
  }
  try {
    if (pdf.numPages > limits.maxPages) throw new DocumentParseError(docFailureMessages.tooManyPages(limits.maxPages));
    let pages: string[];
    try {
      ({ text: pages } = await extractText(pdf, { mergePages: false }));
    } catch {
      throw new DocumentParseError(docFailureMessages.corrupt);
    }
    const units = pages.map((text, i) => ({ text: text.trim(), page: i + 1 })).filter((u) => u.text.length > 0);
    const chars = units.reduce((n, u) => n + u.text.replace(/\s+/g, '').length, 0);
    if (chars < MIN_TEXT_CHARS) throw new DocumentParseError(docFailureMessages.noTextLayer);
    return { units, pageCount: pdf.numPages };
  } finally {
    await pdf.cleanup().catch(() => undefined);
  }
}
