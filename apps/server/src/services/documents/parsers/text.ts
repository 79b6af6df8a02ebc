import { docFailureMessages } from '@portal/contract';
import { columnRoles, rowFactsLine } from './table-columns';
import { DocumentParseError, type ParsedDocument, type ParseLimits } from './types';

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // Spreadsheet exports from Chinese Windows are often GB18030.
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(bytes);
    } catch {
      throw new DocumentParseError(docFailureMessages.corrupt);
    }
  }
}

/** Plain text and Markdown: paragraphs (blank-line separated) as flowing text. */
export function parsePlainText(bytes: Uint8Array): ParsedDocument {
  const units = decode(bytes)
    .split(/\r?\n\s*\r?\n/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => ({ text: t }));
  return { units, pageCount: null };
}

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * Table rows as units: one text per data row. With a header, the comment column(s) are the text
 * and the other columns (id, date, channel, rating) follow on an attribute line, so that insight
 * reads only what customers wrote; a table without a comment column writes each cell as "列名：值";
 * a single-column table is the voice itself.
 */
export function tableUnits(rows: string[][], limits: ParseLimits): ParsedDocument {
  if (rows.length === 0) return { units: [], pageCount: 0 };
  const [header, ...data] = rows;
  const names = header!.map((h) => h.trim());
  const looksLikeHeader = data.length > 0 && names.every((n) => n.length > 0 && n.length <= 30);
  const body = looksLikeHeader ? data : rows;
  if (body.length > limits.maxRows) body.length = limits.maxRows;
  const roles = looksLikeHeader && names.length > 1 ? columnRoles(names, body) : null;
  const hasText = roles !== null && roles.includes('text');
  const units = body.flatMap((cells, i) => {
    const filled = cells.map((c) => c.trim());
    const named = (j: number) => `${names[j] ?? `列${j + 1}`}：${filled[j]}`;
    let text: string;
    if (hasText) {
      const voice = filled
        .filter((c, j) => c && roles[j] === 'text')
        .map((c) => c.replace(/\s+/g, ' '))
        .join('；');
      // A row without a comment (only an id and a date) says nothing.
      if (!voice) return [];
      const facts = filled.flatMap((c, j) => (c && roles[j] !== 'text' ? [named(j)] : []));
      text = facts.length > 0 ? `${voice}\n${rowFactsLine(facts)}` : voice;
    } else if (looksLikeHeader && filled.filter(Boolean).length > 1) {
      text = filled.flatMap((c, j) => (c ? [named(j)] : [])).join('；');
    } else text = filled.filter(Boolean).join('；');
    return text ? [{ text, row: i + 1 }] : [];
  });
  return { units, pageCount: body.length };
}

export function parseCsv(bytes: Uint8Array, limits: ParseLimits): ParsedDocument {
  return tableUnits(csvRows(decode(bytes)), limits);
}
