import { docFailureMessages } from '@portal/contract';
import ExcelJS from 'exceljs';
import { tableUnits } from './text';
import { DocumentParseError, type ParsedDocument, type ParseLimits } from './types';

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined ? '' : String(value.result);
    return '';
  }
  return String(value);
}

/** The first worksheet's rows, one text per data row (as csv). */
export async function parseXlsx(bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new DocumentParseError(docFailureMessages.corrupt);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { units: [], pageCount: 0 };
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length > limits.maxRows) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((v) => cellText(v as ExcelJS.CellValue)));
  });
  return tableUnits(rows, limits);
}
