/**
 * The CSV tokenizer: its rules, the same records and lines however the text is
 * cut into chunks, and the same records as csv-parse (the strict parser it
 * replaced) on generated files, well-formed and not.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCsvTokenizer, type CsvRecord, CsvSyntaxError } from '../../../electron/core/imports/csv-tokenizer.ts';

type Outcome = { records: CsvRecord[] } | { error: string; line: number };

function tokenize(chunks: string[], delimiter: ',' | ';' = ','): Outcome {
  const tokenizer = createCsvTokenizer(delimiter);
  try {
    const records = chunks.flatMap((chunk) => tokenizer.push(chunk));
    return { records: [...records, ...tokenizer.end()] };
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { error: error.message, line: error.line };
  }
}

const fieldsOf = (outcome: Outcome) => ('records' in outcome ? outcome.records.map((r) => r.fields) : outcome);

describe('the rules', () => {
  it.each<[string, string[][]]>([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r1,2\r',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b,\n,\n',
      [
        ['a', 'b', ''],
        ['', ''],
      ],
    ],
    ['a\n\n\r\n\rb\n', [['a'], ['b']]],
    ['"x,y","say ""hi""","two\nlines"\n', [['x,y', 'say "hi"', 'two\nlines']]],
    ['""\n', [['']]],
    [' a , b \n', [[' a ', ' b ']]],
  ])('%j', (text, fields) => {
    expect(fieldsOf(tokenize([text]))).toEqual(fields);
  });

  it('gives the line each record starts on; CRLF is one line break, also inside quotes', () => {
    const outcome = tokenize(['h\r\n"a\r\nb"\r\n\r\nc\n"d\re"\nf']);
    expect('records' in outcome && outcome.records.map((r) => [r.fields[0], r.line])).toEqual([
      ['h', 1],
      ['a\r\nb', 2],
      ['c', 5],
      ['d\re', 6],
      ['f', 8],
    ]);
  });

  it.each<[string, string, number]>([
    ['h\nok\n"a"b\n', 'text after the closing quote', 3],
    ['h\nok\nab"c\n', 'a quote inside a field', 3],
    ['h\nok\n"two\nlines"x\n', 'text after the closing quote', 4],
    ['h\nok\nx,"open\nand on\n', 'never closed', 3],
  ])('refuses %j, naming the line', (text, message, line) => {
    const outcome = tokenize([text]);
    expect(outcome).toMatchObject({ line });
    expect('error' in outcome && outcome.error).toContain(message);
  });

  it('splits records on ";" when told to', () => {
    expect(fieldsOf(tokenize(['a;"b;c";d,e\n'], ';'))).toEqual([['a', 'b;c', 'd,e']]);
  });
});

/** Cuts a text into chunks at the given (sorted, de-duplicated) positions. */
function cut(text: string, positions: number[]): string[] {
  const points = [...new Set(positions.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}

const csvText = fc.string({
  unit: fc.constantFrom('a', 'b', ',', ';', '"', '\n', '\r', ' ', 'é', '😀'),
  maxLength: 60,
});

describe('chunks', () => {
  it('the same records, lines and errors however the text is cut', () => {
    fc.assert(
      fc.property(csvText, fc.array(fc.nat(), { maxLength: 8 }), (text, positions) => {
        expect(tokenize(cut(text, positions))).toEqual(tokenize([text]));
      }),
      { numRuns: 2000 },
    );
  });
});

/**
 * A file: rows of cells, quoted where they must be, or (`raw`) wherever the
 * generator says, except that a cell with a line break is always quoted:
 * csv-parse takes the first line break it meets as the only one, so a bare LF
 * in a CRLF file is data to it, and a record's end here.
 */
const file = fc.record({
  delimiter: fc.constantFrom(',' as const, ';' as const),
  newline: fc.constantFrom('\n', '\r\n'),
  rows: fc.array(
    fc.array(
      fc.record({
        text: fc.string({ unit: fc.constantFrom('a', 'Z', ',', ';', '"', '\n', ' ', 'ü'), maxLength: 6 }),
        quoted: fc.boolean(),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    { minLength: 1, maxLength: 8 },
  ),
  finalNewline: fc.boolean(),
});

type File = typeof file extends fc.Arbitrary<infer F> ? F : never;

function render(f: File, raw: boolean) {
  const cell = ({ text, quoted }: { text: string; quoted: boolean }) =>
    quoted || /[\n\r]/.test(text) || (!raw && /[",;]/.test(text)) ? `"${text.replaceAll('"', '""')}"` : text;
  return f.rows.map((row) => row.map(cell).join(f.delimiter)).join(f.newline) + (f.finalNewline ? f.newline : '');
}

function csvParse(text: string, delimiter: string): string[][] | 'error' {
  try {
    return parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    return 'error';
  }
}

describe('against csv-parse', () => {
  it('well-formed files: the same records', () => {
    fc.assert(
      fc.property(file, (f) => {
        const text = render(f, false);
        expect(fieldsOf(tokenize([text], f.delimiter))).toEqual(csvParse(text, f.delimiter));
      }),
      { numRuns: 2000 },
    );
  });

  it('files with quotes anywhere: the same records, or both refuse', () => {
    let refused = 0;
    fc.assert(
      // LF only: when junk quotes move where csv-parse sees the first line break, it takes that one as the
      // only record delimiter (a CRLF file becomes an LF one with CRs as data); here every line break ends a record.
      fc.property(file, (generated) => {
        const f = { ...generated, newline: '\n' as const };
        const text = render(f, true);
        const ours = tokenize([text], f.delimiter);
        const theirs = csvParse(text, f.delimiter);
        if ('error' in ours) {
          refused++;
          expect(theirs).toBe('error');
        } else expect(fieldsOf(ours)).toEqual(theirs);
      }),
      { numRuns: 2000 },
    );
    expect(refused).toBeGreaterThan(100);
  });
});
