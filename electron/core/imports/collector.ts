import { clip, clipped, ECHO_CHARS, type ImportIssue, type ImportResult, quote } from './issues.ts';
import type { TableSpec } from './spec.ts';
import { issueInWords } from './zod-words.ts';

/** Validates rows (from a table, or JSON items) into items, collecting issues. */
export class Collector<T> {
  readonly items: T[] = [];
  /** The line of each item. */
  readonly lines: (number | null)[] = [];
  readonly issues: ImportIssue[] = [];
  invalidRows = 0;
  rows = 0;
  /** Per unique column: the values seen (lower case) and the line of each. */
  private readonly seen = new Map<string, Map<string, number | null>>();

  constructor(
    private readonly file: string,
    private readonly spec: Pick<TableSpec<T>, 'schema' | 'columnOf' | 'uniqueKeys'>,
  ) {}

  add(line: number | null, raw: unknown, cellIssues?: ImportIssue[]): void {
    this.rows++;
    const issues = cellIssues ?? [];
    const parsed = this.spec.schema.safeParse(raw);
    // Parsed again only when it failed, to name the values in the messages (reporting them slows every parse).
    if (!parsed.success)
      for (const issue of this.spec.schema.safeParse(raw, { reportInput: true }).error!.issues) {
        const value = typeof issue.input === 'string' ? `${quote(issue.input)}: ` : '';
        const column = this.spec.columnOf(issue.path);
        // zod's own message can name a key of the file (an unknown key): cut it too.
        issues.push({
          file: this.file,
          line,
          column,
          message: value + clip(issueInWords(issue, column), 4 * ECHO_CHARS),
        });
      }
    else
      for (const { column, value } of this.spec.uniqueKeys?.(parsed.data) ?? []) {
        if (value === undefined) continue;
        let seen = this.seen.get(column);
        if (!seen) this.seen.set(column, (seen = new Map()));
        const key = value.toLowerCase();
        const first = seen.get(key);
        if (first !== undefined || seen.has(key))
          issues.push({
            file: this.file,
            line,
            column,
            message: `${quote(value)} is already used${first ? ` on line ${first}` : ''}; each row needs its own`,
          });
        else seen.set(key, line);
      }
    if (issues.length > 0) {
      this.invalidRows++;
      for (const issue of issues) this.issues.push(clipped(issue));
    } else if (parsed.success) {
      this.items.push(parsed.data);
      this.lines.push(line);
    }
  }

  result(format: ImportResult<T>['format']): ImportResult<T> {
    return {
      file: this.file,
      format,
      rows: this.rows,
      items: this.items,
      lines: this.lines,
      invalidRows: this.invalidRows,
      issues: this.issues,
    };
  }
}
