/**
 * A roll call as a CSV file: one row per person, accounted for or missing,
 * with where they checked in and who marked them when; each row also says
 * when the roll call started and ended, so that a row read alone (or a file
 * of nobody) still says which roll call it belongs to. Names come from the
 * service and from guests: cells that a spreadsheet would run are neutralised.
 */
import type { RollCall } from '../../../shared/contract/evacuation.ts';
import { csvText } from '../../../shared/csv.ts';

const COLUMNS = [
  'status',
  'lastName',
  'firstName',
  'company',
  'host',
  'checkedInAt',
  'arrivedAt',
  'arrivedDuringRollCall',
  'markedBy',
  'markedAt',
  'rollCallStarted',
  'rollCallStartedBy',
  'rollCallEnded',
  'rollCallEndedBy',
  'location',
];

export function rollCallCsv(rollCall: RollCall): string {
  const location = rollCall.location.name ?? `Location ${rollCall.location.id}`;
  const rows = rollCall.entries.map((e) => [
    e.accounted ? 'accounted' : 'missing',
    e.lastName ?? '',
    e.firstName ?? '',
    e.companyName ?? '',
    e.hostName ?? '',
    e.checkedInAt,
    e.arrivedAt ?? '',
    e.arrivedDuring ? 'yes' : 'no',
    e.markedBy ?? '',
    e.markedAt ?? '',
    rollCall.startedAt,
    rollCall.startedBy,
    rollCall.endedAt ?? '',
    rollCall.endedBy ?? '',
    location,
  ]);
  // One writer for every CSV (shared/csv.ts): a cell a spreadsheet would run is neutralised.
  return csvText(COLUMNS, rows);
}

/** roll-call-2025-03-14-1432.csv: the start, to the minute, as the hub's clock wrote it (UTC). */
export function rollCallFileName(rollCall: RollCall): string {
  const [day, time] = rollCall.startedAt.split('T');
  return `roll-call-${day}-${(time ?? '').slice(0, 5).replace(':', '')}.csv`;
}
