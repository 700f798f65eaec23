import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A table's row from its JSON (PostgreSQL's `to_json(t)`: keys are the column names), as
 * Drizzle's select would give it: each column's own driver mapping (dates, jsonb, arrays, bigint
 * ids), so no column list is written twice. For a statement that must return a row beside other
 * things (the prompt's read brings the conversation and its character with the thread, one
 * statement instead of two before a reply; decision 0031).
 */
export function rowFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown>,
): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

type Columns = [string, { name: string; mapFromDriverValue(value: unknown): unknown }][];
const columnsByTable = new WeakMap<Table, Columns>();

function columnsOf(table: Table): Columns {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsByTable.set(table, columns);
  }
  return columns;
}
