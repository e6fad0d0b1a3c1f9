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

/**
 * Values and names from a file are echoed in messages cut to this many
 * characters: a file can hold a 50 MB "column name", and its error went out
 * whole to the terminal, the log and the admin's screen.
 */
export const ECHO_CHARS = 60;

/** The start of a text, at most `limit` characters (whole code points), with … where it was cut. */
export function clip(text: string, limit = ECHO_CHARS): string {
  if (text.length <= limit) return text;
  // Enough UTF-16 units for more than `limit` code points, if the text has them.
  const points = Array.from(text.slice(0, limit * 2 + 2));
  return points.length <= limit ? text : `${points.slice(0, limit).join('')}…`;
}

/** A value from a file as a message shows it: quoted, cut, and with control characters escaped (no terminal escapes). */
export const quote = (value: string): string => JSON.stringify(clip(value));

/** An issue whose column name (which comes from the file) is cut for showing. */
export const clipped = (issue: ImportIssue): ImportIssue =>
  issue.column && issue.column.length > ECHO_CHARS ? { ...issue, column: clip(issue.column) } : issue;

export class ImportError extends Error {
  readonly issue: ImportIssue;
  constructor(issue: ImportIssue) {
    const shown = clipped(issue);
    super(formatIssue(shown));
    this.issue = shown;
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
