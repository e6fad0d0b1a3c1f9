/**
 * An Excel workbook of one sheet, written into a stream as its rows come
 * (the visitor log's export): a few fixed parts, then the sheet's XML a page
 * of rows at a time through the zip writer, which deflates each page off the
 * event loop. Nothing grows with the sheet but the file.
 *
 * Written here rather than with exceljs's streaming writer, which held the
 * sheet (its buffer hands every write on without back-pressure, so the sheet
 * waited in memory for the zip) and spent a millisecond or more per row on
 * styles: pages of 500 rows blocked the event loop for 70-240 ms on a quiet
 * machine, and for seconds at the end of a large export.
 *
 * Text is written inline (no shared-string table to keep), every text cell
 * neutralised as in a CSV (shared/csv.ts); a Date is a real date, its UTC
 * fields taken as the wall clock (local-times.ts' localDate); the header row
 * is bold, frozen, with filters.
 */
import type { Writable } from 'node:stream';
import { neutraliseCell } from '../../../shared/csv.ts';
import { createZipWriter } from './zip-writer.ts';

export interface SheetColumn {
  header: string;
  /** In characters, as Excel counts a column's width. */
  width: number;
  /** Dates: the column is formatted as one, for the cells typed into it too. */
  date?: boolean;
}

/** A cell: text, a number, a date, or nothing (null leaves the cell out). */
export type SheetCell = string | number | Date | null;

export interface Sheet {
  /** At most 31 characters, none of []:*?/\ (Excel's rule for a sheet's name). */
  name: string;
  columns: readonly SheetColumn[];
  /** The rows under the header, a page at a time. */
  pages: AsyncIterable<readonly (readonly SheetCell[])[]>;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Styles (cellXfs) by index: 0 plain, 1 the header (bold), 2 a date. */
const HEADER_STYLE = 1;
const DATE_STYLE = 2;
/** Excel's serial day of 1970-01-01 (1900 date system). */
const UNIX_EPOCH_SERIAL = 25569;
const DAY_MS = 86_400_000;

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const ROOT_RELS = `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">\
<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>\
</Relationships>`;

const WORKBOOK_RELS = `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">\
<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>\
</Relationships>`;

const STYLES = `${XML}<styleSheet xmlns="${MAIN}">\
<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

/** Characters XML 1.0 cannot carry; written as Excel's _xHHHH_ escape. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
/** Text that reads as such an escape: its underscore is escaped, so that it comes back as typed. */
const LOOKS_ESCAPED = /_(x[0-9A-Fa-f]{4}_)/g;
const MARKUP = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Any of the above: most names have none, and are written as they are. */
// eslint-disable-next-line no-control-regex -- as NOT_XML
const ANY_OF_THEM = /[&<>"_\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;

/** Text as XML character data (and attribute values), with Excel's escapes for what XML cannot hold. */
export function xmlText(text: string): string {
  if (!ANY_OF_THEM.test(text)) return text;
  return text
    .replace(LOOKS_ESCAPED, '_x005F_$1')
    .replace(NOT_XML, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
    .replace(MARKUP, (c) => ENTITIES[c]!);
}

/** A column's letters: 0 is A, 25 Z, 26 AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function textCell(ref: string, text: string, style = 0): string {
  const value = xmlText(neutraliseCell(text));
  // Without xml:space a reader may drop the spaces around the text.
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${space}>${value}</t></is></c>`;
}

function cell(ref: string, value: SheetCell): string {
  if (value === null) return '';
  if (typeof value === 'string') return textCell(ref, value);
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  const serial = value.getTime() / DAY_MS + UNIX_EPOCH_SERIAL;
  return Number.isFinite(serial) ? `<c r="${ref}" s="${DATE_STYLE}"><v>${serial}</v></c>` : '';
}

function workbookXml(sheet: Sheet, lastColumn: string): string {
  const name = xmlText(sheet.name);
  // The filter's range as a defined name: LibreOffice finds a sheet's filter through it.
  const range = `'${name.replaceAll("'", "''")}'!$A$1:$${lastColumn}$1`;
  return `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">\
<bookViews><workbookView/></bookViews>\
<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets>\
<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${range}</definedName></definedNames>\
</workbook>`;
}

/** The sheet's XML: the part before the rows, the pages of rows, the part after them. */
async function* sheetXml(sheet: Sheet, columns: readonly string[]): AsyncGenerator<string> {
  const last = columns.at(-1)!;
  const widths = sheet.columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}"${c.date ? ` style="${DATE_STYLE}"` : ''} customWidth="1"/>`,
    )
    .join('');
  const header = sheet.columns.map((c, i) => textCell(`${columns[i]}1`, c.header, HEADER_STYLE)).join('');
  yield `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">\
<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>\
<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>\
<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols>\
<sheetData><row r="1">${header}</row>`;
  let row = 1;
  for await (const page of sheet.pages) {
    let xml = '';
    for (const cells of page) {
      row++;
      xml += `<row r="${row}">`;
      for (let i = 0; i < columns.length; i++) xml += cell(`${columns[i]}${row}`, cells[i] ?? null);
      xml += '</row>';
    }
    yield xml;
  }
  yield `</sheetData><autoFilter ref="A1:${last}1"/></worksheet>`;
}

/** Writes the workbook into `out` and ends it. */
export async function writeWorkbook(out: Writable, sheet: Sheet): Promise<void> {
  const columns = sheet.columns.map((_, i) => columnName(i));
  const zip = await createZipWriter(out);
  await zip.entry('[Content_Types].xml', CONTENT_TYPES);
  await zip.entry('_rels/.rels', ROOT_RELS);
  await zip.entry('xl/workbook.xml', workbookXml(sheet, columns.at(-1)!));
  await zip.entry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.entry('xl/styles.xml', STYLES);
  await zip.entry('xl/worksheets/sheet1.xml', sheetXml(sheet, columns));
  await zip.end();
}
