/** Permanent identities from XLSX workbooks written here with exceljs: dates, numbers, empty rows, errors. */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { importIdentities } from '../../../electron/core/imports/identities.ts';
import { importErrorOf, tempFiles } from './files.ts';

const files = tempFiles('foyer-xlsx-');
afterAll(() => files.remove());

type Cell = ExcelJS.CellValue;

/** A workbook whose first sheet has these rows at these row numbers (gaps are empty rows). */
async function workbook(name: string, rows: Record<number, Cell[]>, extraSheet = false): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Identities');
  for (const [number, values] of Object.entries(rows)) {
    const row = sheet.getRow(Number(number));
    values.forEach((value, index) => {
      if (value !== undefined) row.getCell(index + 1).value = value;
    });
    row.commit();
  }
  if (extraSheet) book.addWorksheet('Ignored').addRow(['shoeSize', 'nonsense']);
  return files.write(name, await bytesOf(book));
}

/**
 * The workbook's bytes, read to the end of the zip stream. exceljs's own
 * writeFile (and writeBuffer) end the output when the zip says it is finished,
 * before the piped bytes have arrived: now and then the file came out cut.
 */
async function bytesOf(book: ExcelJS.Workbook): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(sink, 'end');
  await book.xlsx.write(sink);
  await ended;
  return Buffer.concat(chunks);
}

const HEADER = ['sourceId', 'email', 'firstName', 'lastName', 'startsAt', 'endsAt', 'custom.floor', 'accessProfiles'];

describe('identities XLSX', () => {
  it('reads the sample workbook', async () => {
    const result = await importIdentities(
      fileURLToPath(new URL('../../../resources/samples/identities.xlsx', import.meta.url)),
    );
    expect(result.format).toBe('xlsx');
    expect(result.issues).toEqual([]);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.lines[0]).toBe(2);
  });

  it('reads Date cells as ISO timestamps, numbers as text, and skips empty rows', async () => {
    const path = await workbook('people.xlsx', {
      1: HEADER,
      2: [
        'x-1',
        'ann@example.test',
        'Ann',
        'Ångström',
        new Date('2026-01-01T08:00:00.000Z'),
        new Date('2027-06-30T17:30:00.000Z'),
        3,
        'lobby:main;lobby:lift',
      ],
      // 3: an empty row
      4: ['   ', '', '', '', '', '', '', ''],
      5: [1002, 'ben@example.test', 'Ben', 42, '2026-02-01T00:00:00+01:00', undefined, 4.5, undefined],
    });
    const result = await importIdentities(path);
    expect(result.issues).toEqual([]);
    expect(result.rows).toBe(2);
    expect(result.lines).toEqual([2, 5]);
    expect(result.items).toEqual([
      {
        sourceId: 'x-1',
        email: 'ann@example.test',
        firstName: 'Ann',
        lastName: 'Ångström',
        startsAt: '2026-01-01T08:00:00.000Z',
        endsAt: '2027-06-30T17:30:00.000Z',
        customFields: { floor: '3' },
        accessProfiles: [
          { accessProfileGroupSourceId: 'lobby', sourceId: 'main' },
          { accessProfileGroupSourceId: 'lobby', sourceId: 'lift' },
        ],
      },
      {
        sourceId: '1002',
        email: 'ben@example.test',
        firstName: 'Ben',
        lastName: '42',
        startsAt: '2026-02-01T00:00:00+01:00',
        customFields: { floor: '4.5' },
      },
    ]);
  });

  it('reads hyperlink, rich text and formula cells by their text', async () => {
    const path = await workbook('cells.xlsx', {
      1: ['sourceId', 'email', 'firstName', 'lastName'],
      2: [
        'c-1',
        { text: 'cat@example.test', hyperlink: 'mailto:cat@example.test' },
        { richText: [{ text: 'Ca' }, { text: 'therine', font: { bold: true } }] },
        { formula: 'UPPER("x")', result: 'X' },
      ],
    });
    const result = await importIdentities(path);
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { sourceId: 'c-1', email: 'cat@example.test', firstName: 'Catherine', lastName: 'X' },
    ]);
  });

  it('reads the first worksheet only', async () => {
    const path = await workbook('two-sheets.xlsx', { 1: ['sourceId'], 2: ['only-1'] }, true);
    const result = await importIdentities(path);
    expect(result.items).toEqual([{ sourceId: 'only-1' }]);
  });

  it('names the row and column of bad cells, and of duplicates', async () => {
    const path = await workbook('bad.xlsx', {
      1: HEADER,
      2: ['b-1', 'b1@example.test', 'A', 'B', '01.02.2026', undefined, undefined, undefined],
      3: ['b-2', undefined, undefined, undefined, 45_000, undefined, undefined, 'lobby'],
      4: ['b-0', 'b0@example.test', 'Valid'],
      6: ['b-0', undefined, 'Dup'],
      7: [undefined, undefined, 'No key'],
    });
    const result = await importIdentities(path);
    expect(result.items).toEqual([{ sourceId: 'b-0', email: 'b0@example.test', firstName: 'Valid' }]);
    expect(result.lines).toEqual([4]);
    expect(result.invalidRows).toBe(4);
    expect(result.issues.map((i) => [i.line, i.column])).toEqual([
      [2, 'startsAt'],
      [3, 'accessProfiles'],
      [3, 'startsAt'],
      [6, 'sourceId'],
      [7, 'sourceId'],
    ]);
    expect(result.issues[0]!.message).toContain('"01.02.2026"');
    expect(result.issues[2]!.message).toContain('"45000"');
    expect(result.issues[3]!.message).toContain('line 4');
  });

  it('reports values beyond the header as a row issue', async () => {
    const path = await workbook('extra.xlsx', {
      1: ['sourceId', 'firstName'],
      2: ['e-1', 'A', 'stray'],
      3: ['e-2', 'B'],
    });
    const result = await importIdentities(path);
    expect(result.items).toEqual([{ sourceId: 'e-2', firstName: 'B' }]);
    expect(result.issues).toEqual([expect.objectContaining({ line: 2, column: null })]);
  });

  it('refuses an unknown or duplicate header cell', async () => {
    expect(
      await importErrorOf(importIdentities(await workbook('unknown.xlsx', { 1: ['sourceId', 'colour'] }))),
    ).toMatchObject({ line: 1, column: 'colour' });
    expect(
      await importErrorOf(importIdentities(await workbook('twice.xlsx', { 1: ['email', 'sourceId', 'email'] }))),
    ).toMatchObject({ line: 1, column: 'email' });
  });

  it('refuses an empty workbook and a file that is not a workbook', async () => {
    const empty = await importErrorOf(importIdentities(await workbook('empty.xlsx', {})));
    expect(empty).toMatchObject({ file: 'empty.xlsx', line: 1 });
    expect(empty.message).toContain('empty');
    const junk = await importErrorOf(importIdentities(files.write('junk.xlsx', 'this is not a zip archive')));
    expect(junk.file).toBe('junk.xlsx');
    expect(junk.message).toContain('XLSX');
    const nothing = await importErrorOf(importIdentities(files.write('zero.xlsx', '')));
    expect(nothing.message).toContain('XLSX');
  });
});
