/**
 * A streaming CSV tokenizer (RFC 4180, with `,` or `;`): text goes in chunk
 * by chunk, records come out with the line each one starts on.
 *
 * Written here rather than taken from a library because no parser we could
 * find is both strict and fast: csv-parse is strict (a stray quote is an
 * error, not data) but was most of the cost of importing a file, and the fast
 * ones (papaparse and the like) take a malformed quote as text. This one is
 * as strict as csv-parse and checked against it on generated files
 * (test/unit/imports/csv-tokenizer.test.ts). What it accepts:
 * - fields separated by the delimiter; records ended by CRLF, LF or a bare CR,
 *   mixed as they come (csv-parse takes the first kind it meets as the only
 *   one, so that a stray LF in a CRLF file was data to it);
 * - quoted fields, with "" for a quote, holding delimiters and line breaks;
 * - empty lines, which are skipped; records of any length.
 * What it refuses, naming the line: text after a closing quote, a quote
 * inside an unquoted field, a quote that is never closed.
 */

export interface CsvRecord {
  fields: string[];
  /** The line (from 1) the record starts on; CRLF counts as one line break. */
  line: number;
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Line breaks in a piece of text: CRLF, LF and a bare CR each count once. */
function lineBreaks(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== LF) count++;
  return count;
}

/** Signals that the buffer ends inside a record: wait for more text. */
const INCOMPLETE = Symbol('incomplete');

export function createCsvTokenizer(delimiter: ',' | ';') {
  const DELIMITER = delimiter.charCodeAt(0);
  let buffer = '';
  let line = 1;

  /**
   * Reads the records that are complete in the buffer; at the end of the
   * input (`final`), the last one too. Leaves the rest in the buffer.
   */
  function drain(final: boolean): CsvRecord[] {
    const records: CsvRecord[] = [];
    const text = buffer;
    const length = text.length;
    let pos = 0;
    while (pos < length) {
      const start = text.charCodeAt(pos);
      // An empty line: skipped. A CR at the very end may be the first half of a CRLF.
      if (start === LF || start === CR) {
        if (start === CR && pos + 1 === length && !final) break;
        pos += start === CR && text.charCodeAt(pos + 1) === LF ? 2 : 1;
        line++;
        continue;
      }
      const recordLine = line;
      const result = record(text, pos, final);
      if (result === INCOMPLETE) break;
      records.push({ fields: result.fields, line: recordLine });
      pos = result.end;
      line = recordLine + result.breaks;
    }
    buffer = text.slice(pos);
    return records;
  }

  /** One record from `pos`: its fields, where it ends (after its line break) and how many line breaks it spans. */
  function record(
    text: string,
    pos: number,
    final: boolean,
  ): { fields: string[]; end: number; breaks: number } | typeof INCOMPLETE {
    const length = text.length;
    const fields: string[] = [];
    let breaks = 0;
    for (;;) {
      let next: number; // the code after the field: delimiter, CR, LF, or NaN at the end of the text
      if (text.charCodeAt(pos) === QUOTE) {
        // A quoted field: up to the quote that is not doubled.
        let close = pos + 1;
        for (;;) {
          close = text.indexOf('"', close);
          if (close === -1) {
            if (!final) return INCOMPLETE;
            throw new CsvSyntaxError('a quoted field is never closed', line + breaks);
          }
          if (text.charCodeAt(close + 1) === QUOTE) close += 2;
          else break;
        }
        if (close + 1 === length && !final) return INCOMPLETE;
        const raw = text.slice(pos + 1, close);
        const value = raw.includes('"') ? raw.replaceAll('""', '"') : raw;
        const inside = raw.includes('\n') || raw.includes('\r') ? lineBreaks(raw) : 0;
        fields.push(value);
        next = text.charCodeAt(close + 1);
        if (next !== DELIMITER && next !== LF && next !== CR && close + 1 < length)
          throw new CsvSyntaxError('text after the closing quote of a field', line + breaks + inside);
        breaks += inside;
        pos = close + 1;
      } else {
        // An unquoted field: up to the delimiter or the line break; a quote in it is an error.
        let end = pos;
        let code = NaN;
        for (; end < length; end++) {
          code = text.charCodeAt(end);
          if (code === DELIMITER || code === LF || code === CR) break;
          if (code === QUOTE)
            throw new CsvSyntaxError('a quote inside a field that does not start with one', line + breaks);
        }
        if (end === length) {
          if (!final) return INCOMPLETE;
          code = NaN;
        }
        fields.push(text.slice(pos, end));
        next = code;
        pos = end;
      }
      if (next === DELIMITER) {
        pos++;
        continue;
      }
      // The end of the record: its line break, or the end of the text.
      if (next === CR) {
        if (pos + 1 === length && !final) return INCOMPLETE;
        pos += text.charCodeAt(pos + 1) === LF ? 2 : 1;
        return { fields, end: pos, breaks: breaks + 1 };
      }
      if (next === LF) return { fields, end: pos + 1, breaks: breaks + 1 };
      return { fields, end: pos, breaks };
    }
  }

  return {
    /** Adds text; gives back the records it completed. */
    push(text: string): CsvRecord[] {
      buffer = buffer ? buffer + text : text;
      return drain(false);
    },
    /** The end of the input: gives back the last records. */
    end(): CsvRecord[] {
      return drain(true);
    },
  };
}
