/**
 * Files made to hurt: XLSX zip bombs (a 400 KB workbook once took 128 s and
 * 2.2 GB; a 52 KB one produced a 52 MB error message), archives whose table
 * of contents lies, too many parts, rows or columns, and values too long to
 * echo. Each is refused before exceljs unpacks it, or while reading, with a
 * short error. The workbooks are written here (test/unit/imports/zip.ts), not
 * committed.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { importEvents } from '../../../electron/core/imports/events.ts';
import { importIdentities } from '../../../electron/core/imports/identities.ts';
import { ECHO_CHARS, formatIssue } from '../../../electron/core/imports/issues.ts';
import { openTable, XLSX_LIMITS } from '../../../electron/core/imports/tables.ts';
import { importErrorOf, tempFiles } from './files.ts';
import { until } from '../../support/until.ts';
import { sheetRow, xlsx, zip } from './zip.ts';

const files = tempFiles('foyer-hostile-');
afterAll(() => files.remove());

const HEADER = sheetRow(1, ['sourceId', 'email']);
const write = (name: string, bytes: Buffer) => files.write(name, bytes);

/** The rows of a table, read to the end. */
async function readAll(path: string, limits = XLSX_LIMITS) {
  const table = await openTable(path, undefined, limits);
  let rows = 0;
  for await (const batch of table.rows) rows += batch.length;
  return rows;
}

describe('XLSX archives', () => {
  it('reads a small workbook made by the test zip writer (the writer itself is sound)', async () => {
    const result = await importIdentities(write('plain.xlsx', xlsx(HEADER + sheetRow(2, ['a-1', 'a@example.test']))));
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([{ sourceId: 'a-1', email: 'a@example.test' }]);
  });

  it('refuses a zip bomb (a sheet that unpacks a thousand times larger) before unpacking it', async () => {
    // 40 MB of cells in one row, about 40 KB packed.
    const cells = Buffer.from('<c r="B2" t="inlineStr"><is><t>x</t></is></c>'.repeat(800_000));
    const path = write(
      'bomb.xlsx',
      xlsx(Buffer.concat([Buffer.from(HEADER + '<row r="2">'), cells, Buffer.from('</row>')])),
    );
    const issue = await importErrorOf(importIdentities(path));
    expect(issue).toMatchObject({ file: 'bomb.xlsx', line: null });
    expect(issue.message).toMatch(/zip bomb/);
  });

  it('refuses a header cell of 5 MB packed into a few KB, with a short message', async () => {
    const path = write('header-bomb.xlsx', xlsx(sheetRow(1, ['sourceId', 'A'.repeat(5_000_000)])));
    const issue = await importErrorOf(importIdentities(path));
    expect(issue.message).toMatch(/zip bomb/);
    expect(JSON.stringify(issue).length).toBeLessThan(300);
  });

  it('refuses a workbook whose table of contents understates a part', async () => {
    // 3 MB of rows claimed as 100 KB: under the ratio and size limits as claimed, but not as unpacked.
    const rows = Array.from({ length: 30_000 }, (_, i) => sheetRow(i + 2, [`s-${i}`, `p${i}@example.test`])).join('');
    const path = write('liar.xlsx', xlsx(HEADER + rows, [], { claimedSheetSize: 100_000 }));
    const issue = await importErrorOf(importIdentities(path));
    expect(issue.message).toMatch(/not a readable XLSX workbook/);
  });

  it('refuses data its table of contents does not list (exceljs reads the parts in file order)', async () => {
    const hidden = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheetRow(1, ['sourceId']) }]);
    const path = write('hidden.xlsx', xlsx(HEADER, [], { before: hidden.subarray(0, hidden.indexOf('PK\x01\x02')) }));
    const issue = await importErrorOf(importIdentities(path));
    expect(issue.message).toMatch(/does not list/);
    // The same after the last entry, before the table of contents.
    const after = write(
      'hidden-after.xlsx',
      xlsx(HEADER, [], { after: hidden.subarray(0, hidden.indexOf('PK\x01\x02')) }),
    );
    expect((await importErrorOf(importIdentities(after))).message).toMatch(/does not list/);
  });

  it('refuses an archive of too many parts', async () => {
    const parts = Array.from({ length: 1_200 }, (_, i) => ({ name: `xl/media/p${i}.xml`, data: 'x' }));
    const issue = await importErrorOf(importIdentities(write('parts.xlsx', xlsx(HEADER, parts))));
    expect(issue.message).toMatch(/1205 parts, more than the 1000/);
  });

  it('refuses a workbook that unpacks to more than the limit, as its table of contents says', async () => {
    const path = write(
      'big.xlsx',
      xlsx(HEADER, [{ name: 'xl/media/big.bin', data: 'x', claimedSize: 300 * 1024 * 1024 }]),
    );
    expect((await importErrorOf(importIdentities(path))).message).toMatch(/unpacks to more than 256 MB/);
  });
});

describe('XLSX rows and cells, while reading', () => {
  const rows = (count: number) =>
    HEADER + Array.from({ length: count }, (_, i) => sheetRow(i + 2, [`r-${i}`, `r${i}@example.test`])).join('');

  it('stops at the row limit, naming the row', async () => {
    const path = write('rows.xlsx', xlsx(rows(10)));
    expect(await readAll(path)).toBe(10);
    const issue = await importErrorOf(readAll(path, { ...XLSX_LIMITS, rows: 5 }));
    expect(issue).toMatchObject({ file: 'rows.xlsx', line: 6 }); // the header is a row too
    expect(issue.message).toContain('more than 5 rows');
  });

  it('stops at the cell limit', async () => {
    const issue = await importErrorOf(readAll(write('cells.xlsx', xlsx(rows(10))), { ...XLSX_LIMITS, cells: 9 }));
    expect(issue.message).toContain('more than 9 cells');
  });

  it('refuses a row wider than the column limit', async () => {
    const wide = sheetRow(
      2,
      Array.from({ length: XLSX_LIMITS.columns + 1 }, () => 'w'),
    );
    const issue = await importErrorOf(importIdentities(write('wide.xlsx', xlsx(HEADER + wide))));
    expect(issue).toMatchObject({ line: 2 });
    expect(issue.message).toContain(`more than ${XLSX_LIMITS.columns} columns`);
  });
});

describe('values echoed in messages', () => {
  const long = `${'Z'.repeat(ECHO_CHARS)}${'§'.repeat(100_000)}`;
  const short = (text: string) => {
    expect(text.length).toBeLessThan(400);
    expect(text).not.toContain('§');
  };
  const clipped = (text: string) => {
    short(text);
    expect(text).toContain(`${'Z'.repeat(ECHO_CHARS)}…`);
  };

  it('cuts a long unknown column name, in CSV and in XLSX', async () => {
    for (const path of [
      files.write('long-header.csv', `sourceId,${long}\na,b\n`),
      write('long-header.xlsx', xlsx(sheetRow(1, ['sourceId', long]))),
    ]) {
      const issue = await importErrorOf(importIdentities(path));
      clipped(issue.column!);
      clipped(formatIssue(issue));
    }
  });

  it('cuts long cell values in row issues', async () => {
    const result = await importIdentities(
      files.write('long-values.csv', `sourceId,startsAt,accessProfiles\na,${long},${long}\n${long},,\n${long},,\n`),
    );
    expect(result.issues.length).toBe(3);
    for (const issue of result.issues) clipped(issue.message);
    const events = await importEvents(
      files.write(
        'long-events.csv',
        `event.sourceId,event.name,event.locationId\ne1,${long},1\ne1,other,1\ne2,x,${long}\n`,
      ),
    );
    expect(events.issues.length).toBe(3); // the contradiction, and the locationId twice (not a whole number, then not a number)
    for (const issue of events.issues) short(issue.message);
  });

  it('writes control characters in echoed values as escapes (no terminal escapes from a file)', async () => {
    const result = await importIdentities(files.write('escape.csv', 'sourceId,startsAt\na,"\u001b[2Jnow\u0007x"\n'));
    expect(result.issues[0]!.message).toContain('"\\u001b[2Jnow\\u0007x"');
  });
});

describe('a file refused at its header', () => {
  /** This process's open descriptors on `path` (Linux: /proc/self/fd). */
  const openOn = (path: string) =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === path;
      } catch {
        return false;
      }
    }).length;

  // Files larger than one read of the stream, so that the refusal comes while the file is still being read.
  it.runIf(process.platform === 'linux')('is let go, in CSV and in XLSX', async () => {
    const many = Array.from({ length: 40_000 }, (_, i) => [`s-${i}`, `${i * 7919}`]);
    for (const path of [
      files.write('unknown-column.csv', `sourceId,shoeSize\n${many.map((r) => r.join(',')).join('\n')}\n`),
      write(
        'unknown-column.xlsx',
        xlsx(sheetRow(1, ['sourceId', 'shoeSize']) + many.map((r, i) => sheetRow(i + 2, r)).join('')),
      ),
      write(
        'twice.xlsx',
        xlsx(sheetRow(1, ['sourceId', 'sourceId']) + many.map((r, i) => sheetRow(i + 2, r)).join('')),
      ),
    ]) {
      await importErrorOf(importIdentities(path));
      // The stream closes its descriptor on its own turn: wait for it, and fail if it stays open.
      await until(
        () => openOn(path) === 0,
        () => `${path} let go (${openOn(path)} descriptors open)`,
        {
          timeout: 5_000,
        },
      );
    }
  });
});
