/**
 * Property-based fuzzing of the CSV importer: random files (delimiters,
 * quoting, newlines, byte order marks, unicode, real and junk headers, random
 * bytes) either import with every issue on a line, or fail with an ImportError
 * that names a line or speaks of the whole file. Nothing else is thrown, and
 * nothing hangs.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { importIdentities } from '../../../electron/core/imports/identities.ts';
import { ImportError } from '../../../electron/core/imports/issues.ts';
import { tempFiles, utf16be, utf16le, utf8bom } from './files.ts';

const files = tempFiles('foyer-fuzz-');
afterAll(() => files.remove());

const COLUMNS = [
  'sourceId',
  'email',
  'firstName',
  'lastName',
  'companyName',
  'startsAt',
  'endsAt',
  'accessProfiles',
  'deletedAt',
  'custom.badge',
  'custom.Kostenstelle',
];

const headerName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...COLUMNS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom('custom.', ' email ', 'Email', '"', '', 'event.name') },
);

const cellText = fc.oneof(
  fc.constantFrom(
    '',
    'emp-1',
    'emp-1',
    'a@example.test',
    'A@Example.test',
    '2026-01-01T00:00:00Z',
    '2026-02-30T25:00:00Z',
    '01.02.2026',
    'lobby:main;lobby:lift',
    'lobby',
    'g:p:x',
    'Dvořák',
    '李 😀',
    '   ',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom('a', ',', ';', '"', '\n', '\r', ' ', '\t', 'é'), maxLength: 8 }),
);

interface Shape {
  delimiter: string;
  newline: string;
  /** quote: every cell quoted properly; raw: as it is (quotes and all, often malformed); mixed: per cell. */
  quoting: 'quote' | 'raw' | 'mixed';
  encoding: 'utf8' | 'utf8bom' | 'utf16le' | 'utf16be';
  header: string[];
  rows: { cells: string[]; quoted: boolean[] }[];
  finalNewline: boolean;
  extension: '.csv' | '.txt';
}

const shape: fc.Arbitrary<Shape> = fc.record({
  delimiter: fc.constantFrom(',', ';', ',', ';', '\t'),
  newline: fc.constantFrom('\n', '\r\n', '\r'),
  quoting: fc.constantFrom('quote', 'raw', 'mixed'),
  encoding: fc.constantFrom('utf8', 'utf8bom', 'utf16le', 'utf16be'),
  header: fc.oneof(
    { weight: 4, arbitrary: fc.uniqueArray(fc.constantFrom(...COLUMNS), { minLength: 1, maxLength: 7 }) },
    { weight: 1, arbitrary: fc.array(headerName, { maxLength: 6 }) },
  ),
  rows: fc.array(
    fc.record({
      cells: fc.array(cellText, { maxLength: 8 }),
      quoted: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    }),
    { maxLength: 12 },
  ),
  finalNewline: fc.boolean(),
  extension: fc.constantFrom('.csv', '.txt'),
});

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

function render(s: Shape, wellFormed: boolean): string {
  const cell = (text: string, quoted: boolean) => {
    if (s.quoting === 'quote' || (s.quoting === 'mixed' && quoted)) return quote(text);
    // Unquoted: in a well-formed file, a cell that needs quotes gets them.
    if (wellFormed && /["\r\n,;\t]/.test(text)) return quote(text);
    return text;
  };
  const lines = [
    s.header.map((h, i) => cell(h, i % 2 === 0)).join(s.delimiter),
    ...s.rows.map((r) => r.cells.map((c, i) => cell(c, r.quoted[i] ?? false)).join(s.delimiter)),
  ];
  return lines.join(s.newline) + (s.finalNewline ? s.newline : '');
}

function encode(text: string, encoding: Shape['encoding']): Uint8Array {
  switch (encoding) {
    case 'utf8':
      return Buffer.from(text, 'utf8');
    case 'utf8bom':
      return utf8bom(text);
    case 'utf16le':
      return utf16le(text);
    case 'utf16be':
      return utf16be(text);
  }
}

let fileCounter = 0;
const outcomes = { results: 0, issues: 0, importErrors: 0 };

/** Imports with a deadline, so that a hang fails the property instead of the whole test run. */
async function importWithDeadline(path: string) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`importIdentities hung on ${path}`)), 5_000);
  });
  try {
    return await Promise.race([importIdentities(path), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The property: a result whose every issue has a line within the file, or an ImportError with a line or about the whole file. */
async function check(bytes: Uint8Array, extension: string): Promise<void> {
  const path = files.write(`fuzz-${++fileCounter}${extension}`, bytes);
  const text = Buffer.from(bytes).toString('latin1');
  const maxLine = (text.match(/\r|\n/g)?.length ?? 0) + 1;
  try {
    const result = await importWithDeadline(path);
    outcomes.results++;
    outcomes.issues += result.issues.length;
    expect(result.items.length + result.invalidRows).toBe(result.rows);
    expect(result.lines).toHaveLength(result.items.length);
    for (const issue of result.issues) {
      expect(issue.line, JSON.stringify(issue)).not.toBeNull();
      expect(issue.line).toBeGreaterThanOrEqual(1);
      expect(issue.line).toBeLessThanOrEqual(maxLine);
      expect(issue.message.length).toBeGreaterThan(0);
    }
    for (const line of result.lines) expect(line).toBeGreaterThanOrEqual(2);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    outcomes.importErrors++;
    const { issue } = error;
    const wholeFile = /UTF-8|empty|XLSX/.test(issue.message);
    expect(issue.line !== null || wholeFile, `an ImportError with no line: ${error.message}`).toBe(true);
    if (issue.line !== null) {
      expect(issue.line).toBeGreaterThanOrEqual(1);
      expect(issue.line).toBeLessThanOrEqual(maxLine);
    }
  }
}

describe('CSV importer fuzzing', () => {
  it('well-formed quoting: always a result or an ImportError with a line', async () => {
    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        await check(encode(render(s, true), s.encoding), s.extension);
      }),
      { numRuns: 200 },
    );
    expect(outcomes.results).toBeGreaterThan(25);
  }, 60_000);

  it('any quoting, junk headers: never anything but a result or an ImportError, never a hang', async () => {
    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        await check(encode(render(s, false), s.encoding), s.extension);
      }),
      { numRuns: 200 },
    );
    // The runs reach past the header often enough to fuzz the rows.
    expect(outcomes.results).toBeGreaterThan(60);
    expect(outcomes.issues).toBeGreaterThan(0);
    expect(outcomes.importErrors).toBeGreaterThan(0);
  }, 60_000);

  it('random bytes, with and without byte order marks', async () => {
    const bom = fc.constantFrom(
      new Uint8Array([]),
      new Uint8Array([0xef, 0xbb, 0xbf]),
      new Uint8Array([0xff, 0xfe]),
      new Uint8Array([0xfe, 0xff]),
    );
    await fc.assert(
      fc.asyncProperty(bom, fc.uint8Array({ maxLength: 300 }), async (head, body) => {
        await check(Buffer.concat([head, body]), '.csv');
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('random bytes after a valid header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (body) => {
        await check(Buffer.concat([Buffer.from('sourceId,email,firstName\n'), body]), '.csv');
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
