/**
 * The roll calls as stored (migration 0013): a roll call and its fixed list
 * of people with their marks (where each checked in: check-in-facts.ts), read
 * by the two domains that meet them, the roll call (electron/core/roll-call/:
 * it starts one, adds arrivals, ends it) and its marks
 * (electron/core/evacuation-marks/: a tick), each writing its own columns
 * further in its repository. The tables outlive both, and so does this view
 * of them, with the version that every change of a roll call moves. Rows are
 * parsed as they leave the database. Callers run the writes of one change (an
 * entry and the version) in one transaction (mirror.transaction).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { RollCallEntry } from '../../../../shared/contract/evacuation.ts';
import type { Mirror } from '../mirror.ts';

const flag = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);

const RollCallRow = z.object({
  id: z.number().int(),
  version: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string().nullable(),
  startedAt: z.string(),
  startedBy: z.string(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
});
export type RollCallRow = z.infer<typeof RollCallRow>;

/** An entry as the screens get it (the contract's shape), its two flags stored as 0 or 1. */
const EntryRow = RollCallEntry.extend({ arrivedDuring: flag, accounted: flag });
export type EntryRow = z.infer<typeof EntryRow>;
/** An entry as the roll call writes it: nobody marked yet. */
export type NewEntry = Omit<EntryRow, 'arrivedDuring' | 'accounted' | 'markedAt' | 'markedBy'>;

const ROLL_CALL_COLUMNS = `id, version, location_id AS locationId, location_name AS locationName, started_at AS startedAt,
  started_by AS startedBy, ended_at AS endedAt, ended_by AS endedBy`;
const ENTRY_COLUMNS = `invitation_id AS invitationId, first_name AS firstName, last_name AS lastName,
  company_name AS companyName, host_name AS hostName, arrived_at AS arrivedAt, checked_in_at AS checkedInAt,
  arrived_during AS arrivedDuring, accounted, marked_at AS markedAt, marked_by AS markedBy`;

export function createRollCallRecords(db: Database.Database) {
  const rollCall = (sql: string) => {
    const statement = db.prepare(`SELECT ${ROLL_CALL_COLUMNS} FROM roll_calls ${sql}`);
    return (...params: unknown[]) => {
      const row: unknown = statement.get(...params);
      return row === undefined ? undefined : RollCallRow.parse(row);
    };
  };
  const active = rollCall('WHERE ended_at IS NULL');
  const latest = rollCall('ORDER BY id DESC LIMIT 1');
  const byId = rollCall('WHERE id = ?');
  const entriesOf = db.prepare(
    `SELECT ${ENTRY_COLUMNS} FROM roll_call_entries WHERE roll_call_id = ?
     ORDER BY last_name IS NULL, last_name COLLATE NOCASE, first_name COLLATE NOCASE, invitation_id`,
  );
  const entryOf = db.prepare(
    `SELECT ${ENTRY_COLUMNS} FROM roll_call_entries WHERE roll_call_id = ? AND invitation_id = ?`,
  );
  const bump = db.prepare('UPDATE roll_calls SET version = version + 1 WHERE id = ? RETURNING version').pluck();

  return {
    /** The roll call under way, if any (one at a time). */
    active: () => active(),
    latest: () => latest(),
    byId: (id: number) => byId(id),
    entries: (rollCallId: number): EntryRow[] => entriesOf.all(rollCallId).map((row) => EntryRow.parse(row)),
    entry(rollCallId: number, invitationId: number): EntryRow | undefined {
      const row: unknown = entryOf.get(rollCallId, invitationId);
      return row === undefined ? undefined : EntryRow.parse(row);
    },
    /** The roll call's next version: every change moves it, so that a screen showing an older one asks again. */
    bump: (rollCallId: number): number => bump.get(rollCallId) as number,
  };
}
export type RollCallRecords = ReturnType<typeof createRollCallRecords>;

/** The stored roll calls of this mirror (made once per mirror: a new connection brings a new mirror). */
export const rollCallRecords = (mirror: Pick<Mirror, 'repo'>): RollCallRecords => mirror.repo(createRollCallRecords);
