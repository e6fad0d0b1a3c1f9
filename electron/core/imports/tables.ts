/**
 * Reads tabular files (CSV and XLSX) as a stream of rows with their line
 * numbers, so that a file of 100,000 rows never has to be held as text.
 */
import { createReadStream, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import type ExcelJS from 'exceljs';
import { createCsvTokenizer, type CsvRecord, CsvSyntaxError } from './csv-tokenizer.ts';
import { clip, ImportError, type Progress } from './issues.ts';
import { binaryKindOf, notText } from './magic.ts';
import { ZIP_LIMITS, type ZipLimits, zipProblem } from './zip-guard.ts';

/**
 * What an XLSX file may hold. A CSV file's size on disk is the work it makes;
 * a workbook is packed, so it is checked before it is unpacked (zip-guard.ts)
 * and its rows and cells are counted while they are read. Rows and columns
 * stop where Excel's own sheets and any file of ours stop.
 */
export interface XlsxLimits extends ZipLimits {
  rows: number;
  /** The widest row: identity files have a dozen columns and some custom fields. */
  columns: number;
  cells: number;
}

export const XLSX_LIMITS: XlsxLimits = { ...ZIP_LIMITS, rows: 1_048_576, columns: 1_000, cells: 10_000_000 };

export interface TableRow {
  line: number;
  cells: Record<string, string>;
  /** Fields beyond the header's columns: an error to report. */
  extra: number;
}

export interface Table {
  file: string;
  format: 'csv' | 'xlsx';
  header: string[];
  /** The rows after the header, a batch at a time (a chunk of the file, or one worksheet row). */
  rows: AsyncIterable<TableRow[]>;
  /** Stops reading and lets the file go, whether or not the rows were read to the end. */
  close(): Promise<void>;
}

/** The encoding of a file by its byte order mark: UTF-8 (with or without BOM), UTF-16 LE or BE with BOM. */
export function sniffEncoding(head: Uint8Array): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/** `,` or `;`: whichever occurs more often outside quotes in the header line. */
export function sniffDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Decodes a byte stream to text, by its BOM; invalid UTF-8 is an error that says how to fix it. */
function decoder(file: string) {
  let decode: TextDecoder | undefined;
  let pending = Buffer.alloc(0);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (!decode) {
          pending = Buffer.concat([pending, chunk]);
          if (pending.length < 4) return done();
          const binary = binaryKindOf(pending);
          if (binary) return done(notText(file, 'a CSV text file', binary));
          const { encoding, bomLength } = sniffEncoding(pending);
          decode = new TextDecoder(encoding, { fatal: true });
          chunk = pending.subarray(bomLength);
        }
        done(null, decode.decode(chunk, { stream: true }));
      } catch {
        done(encodingError(file));
      }
    },
    flush(done) {
      try {
        if (!decode) {
          const binary = binaryKindOf(pending);
          if (binary) return done(notText(file, 'a CSV text file', binary));
          const { encoding, bomLength } = sniffEncoding(pending);
          return done(null, new TextDecoder(encoding, { fatal: true }).decode(pending.subarray(bomLength)));
        }
        done(null, decode.decode());
      } catch {
        done(encodingError(file));
      }
    },
  });
}

const encodingError = (file: string) =>
  new ImportError({
    file,
    line: null,
    column: null,
    message: 'the file is not valid UTF-8 (nor UTF-16 with a byte order mark); save it as "CSV UTF-8" and try again',
  });

/** A row's values by the header's column names (missing ones empty). */
function cellsOf(header: readonly string[], values: readonly string[]): Record<string, string> {
  const cells: Record<string, string> = {};
  for (let index = 0; index < header.length; index++) cells[header[index]!] = values[index] ?? '';
  return cells;
}

function normaliseHeader(header: string[], file: string): string[] {
  const names = header.map((h) => h.trim());
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (name === '')
      throw new ImportError({
        file,
        line: 1,
        column: `#${index + 1}`,
        message: 'a column has no name in the header line',
      });
    if (seen.has(name))
      throw new ImportError({ file, line: 1, column: name, message: 'this column appears twice in the header line' });
    seen.add(name);
  });
  return names;
}

async function openCsv(path: string, onProgress?: Progress): Promise<Table> {
  const file = basename(path);
  const size = statSync(path).size;
  let bytes = 0;
  const source = createReadStream(path, { highWaterMark: 256 * 1024 });
  source.on('data', (chunk) => {
    bytes += chunk.length;
    onProgress?.(bytes, size);
  });
  const text = source.pipe(decoder(file));
  source.on('error', (error) => text.destroy(error));

  // The header decides the delimiter; peek at the first decoded text.
  const iterator = text[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head: string = first.done ? '' : String(first.value);
  const tokenizer = createCsvTokenizer(sniffDelimiter(head));
  const syntaxError = (error: unknown): Error =>
    error instanceof CsvSyntaxError
      ? new ImportError({
          file,
          line: error.line,
          column: null,
          message: `the file is not valid CSV here (${error.message}); check the quotes on this line`,
        })
      : (error as Error);

  /** The records of the file, a chunk of text at a time. */
  async function* chunks(): AsyncGenerator<CsvRecord[]> {
    try {
      if (!first.done) yield tokenizer.push(head);
      for (let chunk = await iterator.next(); !chunk.done; chunk = await iterator.next())
        yield tokenizer.push(String(chunk.value));
      yield tokenizer.end();
    } catch (error) {
      text.destroy();
      throw syntaxError(error);
    }
  }
  const records = chunks();
  // The header: the first record, however many chunks it takes.
  let pending: CsvRecord[] = [];
  while (pending.length === 0) {
    const batch = await records.next();
    if (batch.done) break;
    pending = batch.value;
  }
  const headerRecord = pending.shift();
  if (!headerRecord)
    throw new ImportError({
      file,
      line: 1,
      column: null,
      message: 'the file is empty: it needs a header line and rows',
    });
  const close = async () => {
    await records.return(undefined);
    source.destroy();
  };
  const header = await closedOnError(() => normaliseHeader(headerRecord.fields, file), close);

  return {
    file,
    format: 'csv',
    header,
    close,
    rows: {
      async *[Symbol.asyncIterator]() {
        const toRow = (record: CsvRecord): TableRow => ({
          line: record.line,
          cells: cellsOf(header, record.fields),
          extra: Math.max(0, record.fields.length - header.length),
        });
        if (pending.length > 0) yield pending.map(toRow);
        for await (const batch of records) if (batch.length > 0) yield batch.map(toRow);
      },
    },
  };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue); // formula
    if ('error' in value) return '';
  }
  return String(value);
}

async function openXlsx(path: string, onProgress: Progress | undefined, limits: XlsxLimits): Promise<Table> {
  const file = basename(path);
  const problem = await zipProblem(path, limits);
  if (problem) throw new ImportError({ file, line: null, column: null, message: problem });
  // Loaded when a workbook is read, before the file flows: exceljs is the largest package the
  // core has, and every start of the app (foyer web, the desktop app) paid for it.
  const { default: excel } = await import('exceljs');
  const size = statSync(path).size;
  let bytes = 0;
  const source = createReadStream(path);
  source.on('data', (chunk) => {
    bytes += chunk.length;
    onProgress?.(bytes, size);
  });
  const reader = new excel.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
  });
  const tooMuch = (line: number, message: string) => new ImportError({ file, line, column: null, message });
  const rows = (async function* () {
    let count = 0;
    let cells = 0;
    try {
      for await (const worksheet of reader) {
        for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
          // Indexed by column number from 1: the length is the row's width.
          const raw = row.values as ExcelJS.CellValue[];
          if (raw.length - 1 > limits.columns)
            throw tooMuch(row.number, `this row has cells in more than ${limits.columns} columns`);
          if (++count > limits.rows)
            throw tooMuch(row.number, `the worksheet has more than ${limits.rows} rows; split it into smaller files`);
          if ((cells += raw.length - 1) > limits.cells)
            throw tooMuch(row.number, `the worksheet has more than ${limits.cells} cells; split it into smaller files`);
          yield { line: row.number, values: raw.slice(1).map(cellText) };
        }
        return; // the first worksheet only
      }
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError({
        file,
        line: null,
        column: null,
        message: `the file is not a readable XLSX workbook (${clip((error as Error).message, 100)})`,
      });
    } finally {
      source.destroy();
    }
  })();
  // Ending the generator runs its finally: the file is let go.
  const close = async () => void (await rows.return(undefined));
  const first = await rows.next();
  if (first.done)
    throw new ImportError({
      file,
      line: 1,
      column: null,
      message: 'the first worksheet is empty: it needs a header row and rows',
    });
  const header = await closedOnError(() => normaliseHeader(first.value.values, file), close);
  return {
    file,
    format: 'xlsx',
    header,
    close,
    rows: {
      async *[Symbol.asyncIterator]() {
        for await (const { line, values } of rows) {
          if (values.every((v) => v.trim() === '')) continue;
          const extra = values.slice(header.length).filter((v) => v.trim() !== '').length;
          yield [{ line, cells: cellsOf(header, values), extra }];
        }
      },
    },
  };
}

/** The result of `step`, or, when it throws, the table closed first. */
async function closedOnError<T>(step: () => T, close: () => Promise<void>): Promise<T> {
  try {
    return step();
  } catch (error) {
    await close();
    throw error;
  }
}

export function tableFormat(path: string): 'csv' | 'xlsx' | 'json' | undefined {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv' || ext === '.txt') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  if (ext === '.json') return 'json';
  return undefined;
}

export function openTable(path: string, onProgress?: Progress, limits: XlsxLimits = XLSX_LIMITS): Promise<Table> {
  return tableFormat(path) === 'xlsx' ? openXlsx(path, onProgress, limits) : openCsv(path, onProgress);
}
