/**
 * The visitor log: every visit that arrived within a time range, as CSV
 * (through shared/csv.ts) or as an Excel workbook, for an auditor or a site's
 * security. Each move has two times: the service's record, and when it was
 * tapped here (they differ when the device was offline). The desk (the
 * visits domain) and `foyer visits` both come here.
 *
 * Made for a spreadsheet: times on the site's wall clock with the zone named
 * in a column of its own, real dates in the workbook (with a frozen header
 * and filters), a byte-order mark on the CSV so that Excel reads it as UTF-8.
 *
 * Written as it is read, a page of visits at a time, into whatever stream the
 * door gives (the browser host's answer, the CLI's file): a year of a large
 * site is never held whole, and the host answers other calls between pages.
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CSV_BOM, csvLine } from '../../../shared/csv.ts';
import type { FlowConfig } from '../../../shared/domain/flow.ts';
import type { VisitCursor, VisitRow } from '../db/repos/visits.ts';
import { employeeName, personName } from '../../../shared/domain/person-name.ts';
import type { Runtime } from '../runtime.ts';
import { whereOf } from './arrivals.ts';
import { drained } from './drained.ts';
import { localDate, localStamp, siteZone } from './local-times.ts';
import { writeWorkbook } from './xlsx-writer.ts';

export type VisitorLogFormat = 'csv' | 'xlsx';

export interface VisitorLogRange {
  from: string;
  to: string;
  format: VisitorLogFormat;
  /** The days as the caller names them, for the file's name. */
  days: string;
}

export interface VisitorLogFile {
  fileName: string;
  rows: number;
  /** The file's bytes: the CSV's text, or the workbook. */
  content: string | Buffer;
}

export const VISITOR_LOG_TYPES: Record<VisitorLogFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Visits read and written at a time: a few milliseconds of work between two turns of the event loop. */
const PAGE = 100;

type Site = Pick<Runtime, 'mirror' | 'config'>;
/** What a row needs of the configuration, read once an export: reading it looks at the file on the disk. */
interface SiteSettings {
  zone: string;
  flow: FlowConfig;
}

function settingsOf(site: Site): SiteSettings {
  const config = site.config;
  return { zone: siteZone(config), flow: config.flow };
}

const TIMES = ['Arrived (tapped here)', 'Arrived (service)', 'Left (tapped here)', 'Left (service)'] as const;
const COLUMNS = [
  { header: 'Name', width: 26 },
  { header: 'Company', width: 24 },
  { header: 'Host', width: 22 },
  { header: 'Event', width: 24 },
  ...TIMES.map((header) => ({ header, width: 20, time: true })),
  { header: 'Checked in at', width: 24 },
  { header: 'Invitation', width: 12 },
  { header: 'Time zone', width: 18 },
  { header: 'Agreements', width: 30 },
] as const;

/** The visit's agreements in words, on the site's clock: "NDA v3 signed 09:14". */
export function agreementsOf(json: string | null, zone: string): string {
  if (!json) return '';
  const answers = JSON.parse(json) as [string, number, string, string][];
  return answers
    .map(([title, version, outcome, at]) => `${title} v${version} ${outcome} ${localStamp(at, zone).slice(11, 16)}`)
    .join('; ');
}

/** Where a check-in was made, in words: the device the hub noted, a walk-in's door, the door its outbox row names. */
function placeOf(row: VisitRow, flow: FlowConfig): string {
  if (row.device) return row.device;
  if (row.walkInDevice) return `${row.walkInDevice} (walk-in)`;
  const where = whereOf({ device: null, walkIn: null, eventName: row.checkInEvent }, flow);
  return where.kind === 'elsewhere' ? 'elsewhere (the service)' : where.kind === 'here' ? 'this Foyer' : where.kind;
}

/** One visit as a row of cells: text, a time (a stamp as stored, or null), or a number. */
function cellsOf(site: SiteSettings, hostName: (id: number | null) => string, r: VisitRow) {
  const text = [personName(r), r.companyName ?? '', hostName(r.hostId), r.eventName ?? ''];
  const times = [r.arrivedTappedAt, r.arrivedAt, r.leftTappedAt, r.leftAt];
  const agreements = agreementsOf(r.agreements, site.zone);
  return { text, times, place: placeOf(r, site.flow), invitation: r.invitationId, agreements };
}

function hostNames(site: Site) {
  const hosts = new Map<number, string>();
  return (id: number | null) => {
    if (id === null) return '';
    if (!hosts.has(id)) {
      const host = site.mirror.employees.byId(id);
      hosts.set(id, host ? employeeName(host) : '');
    }
    return hosts.get(id)!;
  };
}

/** Every page of the range's visits in order of arrival, with a turn of the event loop between two. */
async function* pagesOf(site: Site, range: VisitorLogRange): AsyncGenerator<VisitRow[]> {
  let after: VisitCursor | undefined;
  for (;;) {
    const rows = site.mirror.visits.arrivedBetween(range.from, range.to, PAGE, after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!;
    after = { arrivedAt: last.arrivedAt, invitationId: last.invitationId };
    await nextTurn();
  }
}

async function writeCsv(site: Site, range: VisitorLogRange, out: Writable): Promise<number> {
  const settings = settingsOf(site);
  const { zone } = settings;
  const hostName = hostNames(site);
  out.write(CSV_BOM + csvLine(COLUMNS.map((c) => c.header)));
  let count = 0;
  for await (const rows of pagesOf(site, range)) {
    let text = '';
    for (const row of rows) {
      const cells = cellsOf(settings, hostName, row);
      const times = cells.times.map((t) => localStamp(t, zone));
      text += csvLine([...cells.text, ...times, cells.place, cells.invitation, zone, cells.agreements]);
    }
    count += rows.length;
    out.write(text);
    await drained(out);
  }
  out.end();
  await once(out, 'finish');
  return count;
}

/** The workbook (xlsx-writer.ts), a page of visits at a time: text, real dates, the invitation as a number. */
async function writeXlsx(site: Site, range: VisitorLogRange, out: Writable): Promise<number> {
  const settings = settingsOf(site);
  const { zone } = settings;
  const hostName = hostNames(site);
  let count = 0;
  async function* pages() {
    for await (const rows of pagesOf(site, range)) {
      yield rows.map((row) => {
        const cells = cellsOf(settings, hostName, row);
        return [
          ...cells.text,
          ...cells.times.map((t) => localDate(t, zone)),
          cells.place,
          cells.invitation,
          zone,
          cells.agreements,
        ];
      });
      count += rows.length;
    }
  }
  const columns = COLUMNS.map((c) => ({ header: c.header, width: c.width, date: 'time' in c }));
  await writeWorkbook(out, { name: 'Visitor log', columns, pages: pages() });
  return count;
}

export function visitorLogFileName(range: Pick<VisitorLogRange, 'format' | 'days'>): string {
  return `foyer-visitors-${range.days}.${range.format}`;
}

/**
 * Writes the visitor log of arrivals from `from` (inclusive) to `to`
 * (exclusive) into `out`, and ends it; resolves with the number of visits.
 */
export function writeVisitorLog(site: Site, range: VisitorLogRange, out: Writable): Promise<number> {
  return range.format === 'csv' ? writeCsv(site, range, out) : writeXlsx(site, range, out);
}

/** The visitor log held whole, for a door that answers with one value (Electron IPC). */
export async function visitorLog(site: Site, range: VisitorLogRange): Promise<VisitorLogFile> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const rows = await writeVisitorLog(site, range, sink);
  const bytes = Buffer.concat(chunks);
  const fileName = visitorLogFileName(range);
  return { fileName, rows, content: range.format === 'csv' ? bytes.toString('utf8') : bytes };
}
