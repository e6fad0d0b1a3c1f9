/**
 * The visitor log: every visit that arrived within a time range, as CSV
 * (through shared/csv.ts) or as an Excel workbook, for an auditor or a site's
 * security. Each move has two times: the service's record, and when it was
 * tapped here (they differ when the device was offline). The desk (the
 * visits domain) and `foyer visits` both come here.
 */
import { csvText, neutraliseCell } from '../../../shared/csv.ts';
import type { VisitRow } from '../db/repos/visits.ts';
import type { Runtime } from '../runtime.ts';
import { displayName } from '../lookup/names.ts';

export type VisitorLogFormat = 'csv' | 'xlsx';

export interface VisitorLogFile {
  fileName: string;
  rows: number;
  /** The file's bytes: the CSV's text, or the workbook. */
  content: string | Buffer;
}

const HEADER = [
  'Name',
  'Company',
  'Host',
  'Event',
  'Arrived (tapped here)',
  'Arrived (service)',
  'Left (tapped here)',
  'Left (service)',
  'Device',
  'Invitation',
] as const;

type Cells = [string, string, string, string, string, string, string, string, string, number];

function cellsOf(runtime: Pick<Runtime, 'mirror'>, rows: VisitRow[]): Cells[] {
  const hosts = new Map<number, string>();
  const hostName = (id: number | null) => {
    if (id === null) return '';
    if (!hosts.has(id)) {
      const host = runtime.mirror.employees.byId(id);
      hosts.set(id, host ? [host.firstName, host.lastName].filter(Boolean).join(' ') || (host.email ?? '') : '');
    }
    return hosts.get(id)!;
  };
  return rows.map((r) => [
    displayName(r.firstName, r.lastName),
    r.companyName ?? '',
    hostName(r.hostId),
    r.eventName ?? '',
    r.arrivedTappedAt ?? '',
    r.arrivedAt ?? '',
    r.leftTappedAt ?? '',
    r.leftAt ?? '',
    r.device ?? '',
    r.invitationId,
  ]);
}

/** The workbook: exceljs is large, so it is loaded only when a workbook is asked for. */
async function workbookOf(cells: Cells[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Visitor log');
  sheet.addRow([...HEADER]).font = { bold: true };
  // A spreadsheet runs a text cell starting with "=" only when typed, but neutralised all the same, as in the CSV.
  for (const row of cells) sheet.addRow(row.map((cell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell)));
  sheet.columns.forEach((column) => (column.width = 22));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The visitor log of arrivals from `from` (inclusive) to `to` (exclusive), as a file named after its days. */
export async function visitorLog(
  runtime: Pick<Runtime, 'mirror'>,
  range: { from: string; to: string; format: VisitorLogFormat; days: string },
): Promise<VisitorLogFile> {
  const cells = cellsOf(runtime, runtime.mirror.visits.arrivedBetween(range.from, range.to));
  const fileName = `foyer-visitors-${range.days}.${range.format}`;
  if (range.format === 'csv') return { fileName, rows: cells.length, content: csvText(HEADER, cells) };
  return { fileName, rows: cells.length, content: await workbookOf(cells) };
}
