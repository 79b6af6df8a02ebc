import {
  RED_IMPORT_COLUMNS,
  RED_IMPORT_FIELD_LABELS,
  RED_IMPORT_REQUIRED,
  type RedImportColumn,
  type RedImportMapping,
  type RedImportPreview,
} from '@portal/contract';

/** The fields in the order the mapping lists them, with their labels and whether a row needs them. */
export const importFields = RED_IMPORT_COLUMNS.map((field) => ({
  field,
  label: RED_IMPORT_FIELD_LABELS[field],
  required: RED_IMPORT_REQUIRED.includes(field),
}));

/** The message for required fields left without a column; null when every one has its column. */
export function missingRequired(mapping: RedImportMapping): string | null {
  const missing = RED_IMPORT_REQUIRED.filter((field) => !mapping[field]);
  if (missing.length === 0) return null;
  return `请为${missing.map((f) => RED_IMPORT_FIELD_LABELS[f]).join('、')}选择文件中的列`;
}

/** A field's value in the first preview row that has one, as an example beside the choice. */
export function exampleOf(preview: RedImportPreview, mapping: RedImportMapping, field: RedImportColumn): string {
  const column = mapping[field];
  if (!column) return '';
  const at = preview.columns.indexOf(column);
  if (at < 0) return '';
  return preview.rows.map((row) => row[at] ?? '').find((cell) => cell.trim() !== '') ?? '';
}
