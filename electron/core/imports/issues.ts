/** What an import found wrong, always with where and what to fix. */
export interface ImportIssue {
  file: string;
  /** 1-based line of the file (CSV, XLSX row); for JSON, the line where the item starts. */
  line: number | null;
  /** Column name (CSV, XLSX) or field path (JSON). */
  column: string | null;
  message: string;
}

export function formatIssue(issue: ImportIssue): string {
  const where = [
    issue.file,
    issue.line !== null ? `line ${issue.line}` : null,
    issue.column ? `column ${issue.column}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return `${where}: ${issue.message}`;
}

export class ImportError extends Error {
  constructor(readonly issue: ImportIssue) {
    super(formatIssue(issue));
    this.name = 'ImportError';
  }
}

export interface ImportResult<T> {
  file: string;
  format: 'csv' | 'json' | 'xlsx';
  /** Data rows (or JSON items) read. */
  rows: number;
  /** The valid items, in file order. */
  items: T[];
  /** The line where each item starts (null where unknown). */
  lines: (number | null)[];
  /** Rows with at least one issue. */
  invalidRows: number;
  issues: ImportIssue[];
}

export type Progress = (done: number, total: number) => void;
