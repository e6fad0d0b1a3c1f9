/**
 * The workbook writer (usecases/xlsx-writer.ts over usecases/zip-writer.ts):
 * read back with exceljs as a spreadsheet reader reads it (text as typed,
 * neutralised; real dates; numbers; a bold, frozen header with filters), its
 * zip checked entry by entry against the CRC it names, written as the pages
 * come, and stopped when its reader goes away.
 */
import { PassThrough, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { columnName, type SheetCell, writeWorkbook, xmlText } from '../../../electron/core/usecases/xlsx-writer.ts';

const COLUMNS = [
  { header: 'Name', width: 20 },
  { header: 'Arrived', width: 20, date: true },
  { header: 'Invitation', width: 10 },
];

async function* pagesOf(pages: SheetCell[][][]) {
  for (const page of pages) yield page;
}

async function written(pages: SheetCell[][][]): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeWorkbook(sink, { name: 'Visitor log', columns: COLUMNS, pages: pagesOf(pages) });
  return Buffer.concat(chunks);
}

async function sheetOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.getWorksheet('Visitor log')!;
}

/** Every entry of the zip, inflated, with the CRC its directory names and the one of what came out. */
async function entriesOf(bytes: Buffer) {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  const next = () =>
    new Promise<yauzl.Entry | null>((resolve, reject) => {
      const done = (entry: yauzl.Entry | null) => {
        zip.off('entry', done).off('end', end).off('error', reject);
        resolve(entry);
      };
      const end = () => done(null);
      zip.on('entry', done).on('end', end).on('error', reject);
      zip.readEntry();
    });
  const entries: { name: string; named: number; actual: number; size: number; dosDate: number; dosTime: number }[] = [];
  for (let entry = await next(); entry; entry = await next()) {
    const stream = await zip.openReadStreamPromise(entry);
    let actual = 0;
    let size = 0;
    for await (const chunk of stream) {
      actual = crc32(chunk as Buffer, actual);
      size += (chunk as Buffer).length;
    }
    entries.push({
      name: entry.fileName,
      named: entry.crc32,
      actual,
      size,
      dosDate: entry.lastModFileDate,
      dosTime: entry.lastModFileTime,
    });
  }
  return entries;
}

describe('the workbook writer', () => {
  it('gives a workbook a spreadsheet reads back: text as typed, neutralised, real dates, numbers', async () => {
    const arrived = new Date(Date.UTC(2026, 2, 29, 9, 14, 5));
    // (Excel's _xHHHH_ escapes are not read back by exceljs in inline text: xmlText's own test has them.)
    const odd = ' Ünal & <Söhne> "quoted", tab\there ';
    const bytes = await written([
      [
        ['Дмитрий Соловьёв', arrived, 17],
        ['王超', null, 18],
      ],
      [
        ['=HYPERLINK("http://example.test")', arrived, null],
        [odd, arrived, 20],
      ],
    ]);
    const sheet = await sheetOf(bytes);
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Arrived', 'Invitation']);
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ bold: true });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:C1');
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getRow(2).getCell(1).value).toBe('Дмитрий Соловьёв');
    expect(sheet.getRow(3).getCell(1).value).toBe('王超');
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(4).getCell(1).value).toBe('\'=HYPERLINK("http://example.test")');
    expect(sheet.getRow(4).getCell(3).value).toBeNull();
    expect(sheet.getRow(5).getCell(1).value).toBe(odd);
    const date = sheet.getRow(2).getCell(2);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(date.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect((date.value as Date).getTime()).toBe(arrived.getTime());
    expect(sheet.getRow(2).getCell(3).value).toBe(17);
  });

  it('writes a zip whose every entry has the CRC and size its directory names', async () => {
    const rows = Array.from({ length: 3000 }, (_, i): SheetCell[] => [`Guest ${i} Ünal 王`, new Date(i * 60_000), i]);
    const entries = await entriesOf(await written([rows.slice(0, 1000), rows.slice(1000)]));
    expect(entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    for (const entry of entries) expect(entry.actual, entry.name).toBe(entry.named);
    expect(entries.at(-1)!.size).toBeGreaterThan(3000 * 100);
  });

  it('gives the same file for the same rows, whatever the hour: every entry dated 1980-01-01 00:00', async () => {
    const rows = (): SheetCell[][][] => [[['Ünal', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), 1]], [['王超', null, 2]]];
    const first = await written(rows());
    expect((await written(rows())).equals(first)).toBe(true);
    // The earliest date a zip can name (DOS: day 1, month 1 of 1980), not the hour it was written.
    for (const entry of await entriesOf(first)) expect([entry.dosDate, entry.dosTime], entry.name).toEqual([33, 0]);
  });

  it('writes each page out before it asks for the next one', async () => {
    let received = 0;
    const seen: number[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done();
      },
    });
    const page = Array.from({ length: 500 }, (_, i): SheetCell[] => [`Guest ${i}`, null, i]);
    async function* pages() {
      for (let n = 0; n < 4; n++) {
        seen.push(received);
        yield page;
      }
    }
    await writeWorkbook(out, { name: 'Visitor log', columns: COLUMNS, pages: pages() });
    // Each page's compressed bytes reached the reader before the next page was read.
    for (let n = 1; n < seen.length; n++) expect(seen[n]).toBeGreaterThan(seen[n - 1]! + 500);
  });

  it('stops, and asks for no more rows, when its reader goes away', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    out.on('data', () => {});
    let asked = 0;
    async function* pages() {
      for (;;) {
        asked++;
        if (asked === 3) out.destroy();
        yield Array.from({ length: 200 }, (_, i): SheetCell[] => [`Guest ${asked}-${i}`, null, i]);
      }
    }
    await expect(writeWorkbook(out, { name: 'Visitor log', columns: COLUMNS, pages: pages() })).rejects.toThrow(
      /its reader went away/,
    );
    expect(asked).toBe(3);
  });

  it('fails with the error of rows that could not be read, and asks for none after it', async () => {
    const out = new PassThrough();
    out.resume();
    let asked = 0;
    async function* pages() {
      for (;;) {
        asked++;
        if (asked === 2) throw new Error('the database is locked');
        yield [['Guest', null, asked] as SheetCell[]];
      }
    }
    await expect(writeWorkbook(out, { name: 'Visitor log', columns: COLUMNS, pages: pages() })).rejects.toThrow(
      'the database is locked',
    );
    expect(asked).toBe(2);
  });

  it("escapes text for XML, with Excel's escape for what XML cannot hold", () => {
    expect(xmlText('Ünal & Söhne')).toBe('Ünal &amp; Söhne');
    expect(xmlText('<b>"x"</b>')).toBe('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
    expect(xmlText('a\u0001b\u001Fc\tok')).toBe('a_x0001_b_x001F_c\tok');
    expect(xmlText('_x0041_ stays')).toBe('_x005F_x0041_ stays');
    expect(
      ['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA'].map((_, i) => columnName([0, 25, 26, 51, 52, 701, 702][i]!)),
    ).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
