import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table row that SQL returned as JSON (`to_jsonb(row)`, keyed by column name), mapped to the
 * table's TypeScript row the way the driver's own results are: camelCase keys, timestamps as
 * Dates, bigints as numbers — each column's own driver mapping does the work.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
