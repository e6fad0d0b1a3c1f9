/** A CSV or XLSX file to items: the header checked against the spec, then each row built and validated. */
import { Collector } from './collector.ts';
import { ImportError, type ImportIssue, type ImportResult, type Progress } from './issues.ts';
import type { TableSpec } from './spec.ts';
import { openTable, type Table } from './tables.ts';

function checkHeader(
  header: string[],
  spec: { columns: readonly string[]; prefix?: string; requireOneOf: readonly string[]; what: string },
  file: string,
) {
  for (const name of header)
    if (
      !spec.columns.includes(name) &&
      !(spec.prefix && name.startsWith(spec.prefix) && name.length > spec.prefix.length)
    )
      throw new ImportError({
        file,
        line: 1,
        column: name,
        message: `unknown column for ${spec.what}; the columns are ${spec.columns.join(', ')}${spec.prefix ? `, and ${spec.prefix}<name>` : ''}`,
      });
  if (!spec.requireOneOf.some((c) => header.includes(c)))
    throw new ImportError({
      file,
      line: 1,
      column: null,
      message: `the header needs a ${spec.requireOneOf.join(' or ')} column`,
    });
}

export async function importTableFile<T>(
  path: string,
  spec: TableSpec<T>,
  onProgress?: Progress,
): Promise<ImportResult<T>> {
  const table = await openTable(path, onProgress);
  try {
    checkHeader(table.header, spec, table.file);
    return await collect(table, spec);
  } finally {
    await table.close();
  }
}

async function collect<T>(table: Table, spec: TableSpec<T>): Promise<ImportResult<T>> {
  const collector = new Collector<T>(table.file, spec);
  const columns = table.header.length;
  for await (const batch of table.rows)
    for (const row of batch) {
      let issues: ImportIssue[] | undefined;
      const issue = (column: string | null, message: string) =>
        (issues ??= []).push({ file: table.file, line: row.line, column, message });
      if (row.extra > 0)
        issue(
          null,
          `this line has ${columns + row.extra} fields, the header has ${columns}; check for an unquoted delimiter`,
        );
      collector.add(row.line, spec.build(row.cells, issue), issues);
    }
  return collector.result(table.format);
}
