/**
 * A roll call as a CSV file: one row per person, accounted for or missing,
 * with where they checked in and who marked them when; each row also says
 * when the roll call started and ended, so that a row read alone (or a file
 * of nobody) still says which roll call it belongs to. Names come from the
 * service and from guests: cells that a spreadsheet would run are neutralised.
 * Made for a spreadsheet like the visitor log: plain headers, times on the
 * site's wall clock with the zone named, a byte-order mark.
 */
import type { RollCall } from '../../../shared/contract/evacuation.ts';
import { CSV_BOM, csvText } from '../../../shared/csv.ts';
import { localStamp } from '../usecases/local-times.ts';

const COLUMNS = [
  'Status',
  'Last name',
  'First name',
  'Company',
  'Host',
  'Checked in at',
  'Arrived',
  'Arrived during the roll call',
  'Marked by',
  'Marked',
  'Roll call started',
  'Started by',
  'Roll call ended',
  'Ended by',
  'Location',
  'Time zone',
];

/** The report, its times on the wall clock of `zone` (the site's: see local-times.ts). */
export function rollCallCsv(zone: string, rollCall: RollCall): string {
  const location = rollCall.location.name ?? `Location ${rollCall.location.id}`;
  const rows = rollCall.entries.map((e) => [
    e.accounted ? 'accounted' : 'missing',
    e.lastName ?? '',
    e.firstName ?? '',
    e.companyName ?? '',
    e.hostName ?? '',
    e.checkedInAt,
    localStamp(e.arrivedAt, zone),
    e.arrivedDuring ? 'yes' : 'no',
    e.markedBy ?? '',
    localStamp(e.markedAt, zone),
    localStamp(rollCall.startedAt, zone),
    rollCall.startedBy,
    localStamp(rollCall.endedAt, zone),
    rollCall.endedBy ?? '',
    location,
    zone,
  ]);
  // One writer for every CSV (shared/csv.ts): a cell a spreadsheet would run is neutralised.
  return CSV_BOM + csvText(COLUMNS, rows);
}

/** roll-call-2025-03-14-1432.csv: the start, to the minute, on the site's clock. */
export function rollCallFileName(zone: string, rollCall: RollCall): string {
  const [day, time] = localStamp(rollCall.startedAt, zone).split(' ');
  return `roll-call-${day}-${(time ?? '').slice(0, 5).replace(':', '')}.csv`;
}
