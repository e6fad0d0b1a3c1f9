/**
 * Every CSV file Foyer writes (a file's problems, the per-item results, the
 * exports) is written here, so that no writer can forget the rule below.
 * No Node modules: the renderer may write one too.
 */

export type CsvCell = string | number | null | undefined;

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage
 * return as a formula (OWASP "CSV injection"), and the cells carry text from
 * imported files (their names, headers and values) and from the service. A
 * leading single quote makes such a cell text. Numbers that Foyer writes
 * itself (line numbers, ids) are left as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as written: quoted when it holds a comma, a quote or a line break (RFC 4180), quotes doubled. */
function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell) : neutraliseCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of a CSV file, ended by \n; every text cell neutralised. */
export function csvLine(row: readonly CsvCell[]): string {
  return `${row.map(field).join(',')}\n`;
}

/** A CSV file: the header, then one line per row, each line ended by \n; every text cell neutralised. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}

/**
 * The byte-order mark that starts a file made for a spreadsheet (the exports:
 * the visitor log, a roll call, the audit log). Excel on Windows reads a CSV
 * without it in the machine's legacy code page: "Jörg" shows as "JÃ¶rg" and
 * 王超 is lost. Files read back by Foyer (a file's problems, the per-item
 * results) go without it.
 */
export const CSV_BOM = '\uFEFF';
