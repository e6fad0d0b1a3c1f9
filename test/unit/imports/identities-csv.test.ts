/**
 * Permanent identities from CSV: encodings, delimiters, quoting, columns,
 * and every row- and file-level error with the line, column and value it names.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importIdentities, parseProfileRefs } from '../../../electron/core/imports/identities.ts';
import { formatIssue, ImportError } from '../../../electron/core/imports/issues.ts';
import { sniffDelimiter, sniffEncoding } from '../../../electron/core/imports/tables.ts';
import { tempFiles, utf16be, utf16le, utf8bom } from './files.ts';

const files = tempFiles();
afterAll(() => files.remove());
const SAMPLES = fileURLToPath(new URL('../../../resources/samples/', import.meta.url));

const csv = (name: string, text: string | Uint8Array) => importIdentities(files.write(name, text));

describe('sniffing', () => {
  it('tells the encoding by the byte order mark', () => {
    expect(sniffEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ encoding: 'utf-8', bomLength: 3 });
    expect(sniffEncoding(new Uint8Array([0xff, 0xfe, 0x61, 0]))).toEqual({ encoding: 'utf-16le', bomLength: 2 });
    expect(sniffEncoding(new Uint8Array([0xfe, 0xff, 0, 0x61]))).toEqual({ encoding: 'utf-16be', bomLength: 2 });
    expect(sniffEncoding(new Uint8Array([0x61, 0x62, 0x63]))).toEqual({ encoding: 'utf-8', bomLength: 0 });
    expect(sniffEncoding(new Uint8Array([]))).toEqual({ encoding: 'utf-8', bomLength: 0 });
  });

  it('picks the delimiter that occurs more often outside quotes in the header line', () => {
    expect(sniffDelimiter('sourceId,email,firstName\na;b;c;d;e')).toBe(',');
    expect(sniffDelimiter('sourceId;email;firstName\na,b,c,d,e')).toBe(';');
    expect(sniffDelimiter('"a,b,c";x;y\n')).toBe(';');
    expect(sniffDelimiter('"a;b;c",x,y\r\n')).toBe(',');
    expect(sniffDelimiter('sourceId')).toBe(',');
    expect(sniffDelimiter('')).toBe(',');
  });
});

describe('identities CSV: formats', () => {
  it('reads the sample file: items, lines, custom fields, access profiles, non-Latin names', async () => {
    const result = await importIdentities(`${SAMPLES}identities.csv`);
    expect(result).toMatchObject({ file: 'identities.csv', format: 'csv', rows: 6, invalidRows: 0, issues: [] });
    expect(result.lines).toEqual([2, 3, 4, 5, 6, 7]);
    expect(result.items[0]).toEqual({
      sourceId: 'emp-0001',
      email: 'marta.novakova@northwind-group.test',
      firstName: 'Marta',
      lastName: 'Nováková',
      companyName: 'Northwind Group',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2027-12-31T23:59:59Z',
      accessProfiles: [
        { accessProfileGroupSourceId: 'berlin-lobby', sourceId: 'ber-main-entrance' },
        { accessProfileGroupSourceId: 'berlin-floors', sourceId: 'ber-floor-3' },
      ],
      customFields: { badgeColour: 'blue', costCentre: 'CC-310' },
    });
    expect(result.items[3]).toMatchObject({ sourceId: 'ext-0101', firstName: '伟', lastName: '李' });
    // Empty cells are left out (patch semantics: nothing is cleared by accident).
    expect(result.items[2]).not.toHaveProperty('endsAt');
    expect(result.items[4]!.customFields).toEqual({ badgeColour: 'orange' });
    expect(result.items[5]).toEqual({
      sourceId: 'emp-0004',
      email: 'former.employee@northwind-group.test',
      firstName: 'Frank',
      lastName: 'Former',
      companyName: 'Northwind Group',
    });
  });

  const TEXT = [
    'sourceId,email,firstName,lastName,startsAt',
    'p-1,ana@example.test,Ana,Şahin,2026-01-01T00:00:00Z',
    'p-2,bo@example.test,Bö,李 😀,2026-02-01T00:00:00+01:00',
  ].join('\n');
  const EXPECTED = [
    {
      sourceId: 'p-1',
      email: 'ana@example.test',
      firstName: 'Ana',
      lastName: 'Şahin',
      startsAt: '2026-01-01T00:00:00Z',
    },
    {
      sourceId: 'p-2',
      email: 'bo@example.test',
      firstName: 'Bö',
      lastName: '李 😀',
      startsAt: '2026-02-01T00:00:00+01:00',
    },
  ];

  it.each([
    ['comma, UTF-8', 'plain.csv', () => TEXT],
    ['semicolon', 'semicolon.csv', () => TEXT.replaceAll(',', ';')],
    ['UTF-8 with BOM', 'bom.csv', () => utf8bom(TEXT)],
    ['UTF-16 LE with BOM', 'le.csv', () => utf16le(TEXT)],
    ['UTF-16 BE with BOM', 'be.csv', () => utf16be(TEXT)],
    [
      'UTF-16 LE with BOM and semicolons, CRLF',
      'le-semi.csv',
      () => utf16le(TEXT.replaceAll(',', ';').replaceAll('\n', '\r\n')),
    ],
    ['CRLF line ends', 'crlf.csv', () => TEXT.replaceAll('\n', '\r\n')],
    ['CRLF and a final CRLF', 'crlf-final.csv', () => `${TEXT.replaceAll('\n', '\r\n')}\r\n`],
    ['a .txt extension', 'export.txt', () => TEXT],
  ])('%s', async (_label, name, content) => {
    const result = await csv(name, content());
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual(EXPECTED);
    expect(result.lines).toEqual([2, 3]);
    expect(result.format).toBe('csv');
  });

  it('reads the semicolon sample, with a quoted ";" inside a field', async () => {
    const result = await importIdentities(`${SAMPLES}identities-semicolon.csv`);
    expect(result.issues).toEqual([]);
    expect(result.items.map((i) => i.lastName)).toEqual(['Former', 'Kovács; née Tóth']);
    expect(result.items[0]!.deletedAt).toBe('2026-11-20T17:00:00Z');
  });

  it('keeps delimiters, newlines and doubled quotes inside quoted fields', async () => {
    const result = await csv(
      'quoted.csv',
      [
        'sourceId,firstName,lastName,companyName',
        'q-1,"Smith, John","O""Brien","Line one',
        'line two"',
        'q-2,"a;b","say ""hi""",""',
      ].join('\n'),
    );
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { sourceId: 'q-1', firstName: 'Smith, John', lastName: 'O"Brien', companyName: 'Line one\nline two' },
      { sourceId: 'q-2', firstName: 'a;b', lastName: 'say "hi"' },
    ]);
    // q-2 starts on line 4 (q-1 took lines 2 and 3).
    expect(result.lines[1]).toBe(4);
  });

  it('trims cells and header names, skips blank lines and keeps counting them', async () => {
    const result = await csv('blank.csv', ' sourceId , firstName \n  s-1 ,  Ann  \n\n\ns-2,Ben\n');
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { sourceId: 's-1', firstName: 'Ann' },
      { sourceId: 's-2', firstName: 'Ben' },
    ]);
    expect(result.lines).toEqual([2, 5]);
  });

  it('reads a row with fewer fields than the header (missing cells are empty)', async () => {
    const result = await csv('short.csv', 'sourceId,email,firstName\ns-1,s1@example.test\n');
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([{ sourceId: 's-1', email: 's1@example.test' }]);
  });

  it('accepts email as the only key column', async () => {
    const result = await csv('email-only.csv', 'email,firstName\nx@example.test,X\n');
    expect(result.items).toEqual([{ email: 'x@example.test', firstName: 'X' }]);
  });

  it('maps custom.<key> columns to customFields, leaving out empty ones', async () => {
    const result = await csv(
      'custom.csv',
      'sourceId,custom.badgeColour,custom.cost centre,custom.floor\nc-1,blue,CC 1,\nc-2,,,\n',
    );
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { sourceId: 'c-1', customFields: { badgeColour: 'blue', 'cost centre': 'CC 1' } },
      { sourceId: 'c-2' },
    ]);
  });

  it('reads a large file as a stream with the right line numbers', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `big-${i},big${i}@example.test,Name ${i}`);
    const path = files.write('big.csv', `sourceId,email,firstName\n${rows.join('\n')}\n`);
    const progress: [number, number][] = [];
    const result = await importIdentities(path, (done, total) => progress.push([done, total]));
    expect(result.items).toHaveLength(20_000);
    expect(result.lines[19_999]).toBe(20_001);
    expect(result.items[12_345]).toEqual({
      sourceId: 'big-12345',
      email: 'big12345@example.test',
      firstName: 'Name 12345',
    });
    const last = progress.at(-1)!;
    expect(last[0]).toBe(last[1]);
  });
});

describe('access profile references', () => {
  it('parses group:profile pairs separated by ";", trimming blanks', () => {
    const issues: string[] = [];
    expect(parseProfileRefs(' g1:p1 ; g2 : p2 ;;', (m) => issues.push(m))).toEqual([
      { accessProfileGroupSourceId: 'g1', sourceId: 'p1' },
      { accessProfileGroupSourceId: 'g2', sourceId: 'p2' },
    ]);
    expect(issues).toEqual([]);
  });

  it.each(['lobby', 'g:p:x', ':p', 'g:'])('refuses "%s" and says how to write it', (part) => {
    const issues: string[] = [];
    expect(parseProfileRefs(`g1:p1;${part}`, (m) => issues.push(m))).toEqual([
      { accessProfileGroupSourceId: 'g1', sourceId: 'p1' },
    ]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain(`"${part}"`);
    expect(issues[0]).toContain('group:profile');
  });

  it('reports a bad reference as a row issue in the accessProfiles column', async () => {
    const result = await csv('refs.csv', 'sourceId,accessProfiles\nr-1,lobby:main;lobby\nr-2,lobby:main\n');
    expect(result.items).toEqual([
      { sourceId: 'r-2', accessProfiles: [{ accessProfileGroupSourceId: 'lobby', sourceId: 'main' }] },
    ]);
    expect(result.invalidRows).toBe(1);
    expect(result.issues).toEqual([
      expect.objectContaining({
        file: 'refs.csv',
        line: 2,
        column: 'accessProfiles',
        message: expect.stringContaining('"lobby"'),
      }),
    ]);
  });
});

describe('identities CSV: row issues', () => {
  it('names line, column and value of a bad date', async () => {
    const result = await csv(
      'dates.csv',
      'sourceId,startsAt,endsAt,deletedAt\nd-1,01.02.2026,2027-01-01T00:00:00Z,\nd-2,2026-01-01,2026-13-01T00:00:00Z,yesterday\nd-3,2026-01-01T00:00:00Z,,\n',
    );
    expect(result.items).toEqual([{ sourceId: 'd-3', startsAt: '2026-01-01T00:00:00Z' }]);
    expect(result.invalidRows).toBe(2);
    expect(result.lines).toEqual([4]);
    const where = result.issues.map((i) => [i.line, i.column]);
    expect(where).toEqual([
      [2, 'startsAt'],
      [3, 'startsAt'],
      [3, 'endsAt'],
      [3, 'deletedAt'],
    ]);
    expect(result.issues[0]!.message).toContain('"01.02.2026"');
    expect(result.issues[0]!.message).toContain('ISO 8601');
    expect(result.issues[3]!.message).toContain('"yesterday"');
    expect(formatIssue(result.issues[0]!)).toMatch(/^dates\.csv, line 2, column startsAt: "01\.02\.2026": /);
  });

  it('a row with neither sourceId nor email', async () => {
    const result = await csv('no-keys.csv', 'sourceId,email,firstName\n,,Nobody\nk-1,,Somebody\n');
    expect(result.items).toEqual([{ sourceId: 'k-1', firstName: 'Somebody' }]);
    expect(result.issues).toEqual([
      { file: 'no-keys.csv', line: 2, column: 'sourceId', message: 'each identity needs a sourceId or an email' },
    ]);
  });

  it('a duplicate sourceId names the line that used it first; emails are compared without case', async () => {
    const result = await csv(
      'dups.csv',
      'sourceId,email\nu-1,a@example.test\nu-2,b@example.test\nu-1,c@example.test\nu-4,B@Example.test\n',
    );
    expect(result.items.map((i) => i.sourceId)).toEqual(['u-1', 'u-2']);
    expect(result.invalidRows).toBe(2);
    expect(result.issues).toEqual([
      {
        file: 'dups.csv',
        line: 4,
        column: 'sourceId',
        message: '"u-1" is already used on line 2; each row needs its own',
      },
      {
        file: 'dups.csv',
        line: 5,
        column: 'email',
        message: '"B@Example.test" is already used on line 3; each row needs its own',
      },
    ]);
  });

  it('a line with more fields than the header', async () => {
    const result = await csv('too-many.csv', 'sourceId,firstName\nm-1,Ann,extra\nm-2,Ben\n');
    expect(result.items).toEqual([{ sourceId: 'm-2', firstName: 'Ben' }]);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ line: 2, column: null });
    expect(result.issues[0]!.message).toContain('3 fields, the header has 2');
  });

  it('reads the sample with errors: one valid row, four issues, each with its line', async () => {
    const result = await importIdentities(`${SAMPLES}identities-with-errors.csv`);
    expect(result.rows).toBe(5);
    expect(result.items.map((i) => i.sourceId)).toEqual(['err-0001']);
    expect(result.invalidRows).toBe(4);
    expect(result.issues.map((i) => [i.line, i.column])).toEqual([
      [3, 'startsAt'],
      [4, 'sourceId'],
      [5, 'sourceId'],
      [6, 'accessProfiles'],
    ]);
  });

  it('an ImportError reads as file, line, column: message', () => {
    const error = new ImportError({ file: 'f.csv', line: 7, column: 'email', message: 'bad' });
    expect(error.message).toBe('f.csv, line 7, column email: bad');
    expect(error.name).toBe('ImportError');
    expect(formatIssue({ file: 'f.csv', line: null, column: null, message: 'whole file' })).toBe('f.csv: whole file');
  });
});

describe('identities CSV: line numbers of records over several lines', () => {
  it('a record with a quoted newline is reported at the line where it starts', async () => {
    const result = await csv('multiline.csv', 'sourceId,firstName\nm-1,"Two\nlines"\nm-2,B\n');
    expect(result.lines).toEqual([2, 4]);
  });

  // Excel writes such files when a cell holds a line break.
  it('a quoted CRLF does not shift the line numbers of the rows after it', async () => {
    const result = await csv(
      'crlf-cell.csv',
      'sourceId,firstName,startsAt\r\nc-1,"A\r\nB",\r\nc-2,C,\r\nc-3,D,bad\r\n',
    );
    expect(result.lines.slice(1)).toEqual([4]);
    expect(result.issues).toEqual([expect.objectContaining({ line: 5, column: 'startsAt' })]);
  });
});

describe('identities CSV: a bare CR inside an unquoted field (found by the fuzzer)', () => {
  it('never puts a data row on the header line', async () => {
    const result = await csv('bare-cr.csv', Uint8Array.from([...Buffer.from('sourceId,email\n'), 0, 13]));
    expect([...result.lines, ...result.issues.map((i) => i.line)].every((line) => line !== null && line >= 2)).toBe(
      true,
    );
  });
});
