import { saveBlob } from '../../lib/download';

type Cell = string | number | boolean | null | undefined;

/** Text a spreadsheet would run as a formula (=, +, -, @, a tab or carriage return first). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled). Text
 * that a spreadsheet would take for a formula (a model's label an admin typed) starts with an
 * apostrophe, so that opening the file runs nothing; numbers (a negative margin) stay numbers.
 */
function field(value: Cell): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = FORMULA_START.test(raw) && !NUMBER.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text: a header row, then one row per record, lines ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(',') + '\r\n').join('');
}

/** Built in the browser and saved through a link: nothing is asked of the server again. */
export function downloadCsv(fileName: string, csv: string) {
  saveBlob(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
