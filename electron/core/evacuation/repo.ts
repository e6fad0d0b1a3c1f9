/**
 * The roll calls of evacuations (migration 0013): the roll call and its fixed
 * list of people with their marks (where each checked in: check-in-facts.ts).
 * Rows are parsed as they leave the database. Callers run the writes of one
 * change (an entry and the version) in one transaction (mirror.transaction).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';

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

const EntryRow = z.object({
  invitationId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  hostName: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  checkedInAt: z.string(),
  arrivedDuring: flag,
  accounted: flag,
  markedAt: z.string().nullable(),
  markedBy: z.string().nullable(),
});
export type EntryRow = z.infer<typeof EntryRow>;
export type NewEntry = Omit<EntryRow, 'arrivedDuring' | 'accounted' | 'markedAt' | 'markedBy'>;

const ROLL_CALL_COLUMNS = `id, version, location_id AS locationId, location_name AS locationName, started_at AS startedAt,
  started_by AS startedBy, ended_at AS endedAt, ended_by AS endedBy`;
const ENTRY_COLUMNS = `invitation_id AS invitationId, first_name AS firstName, last_name AS lastName,
  company_name AS companyName, host_name AS hostName, arrived_at AS arrivedAt, checked_in_at AS checkedInAt,
  arrived_during AS arrivedDuring, accounted, marked_at AS markedAt, marked_by AS markedBy`;

export function createRollCallsRepo(db: Database.Database) {
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
  const idsOf = db.prepare('SELECT invitation_id FROM roll_call_entries WHERE roll_call_id = ?').pluck();
  const insertRollCall = db.prepare(
    `INSERT INTO roll_calls (location_id, location_name, started_at, started_by)
     VALUES (@locationId, @locationName, @startedAt, @startedBy)`,
  );
  const insertEntry = db.prepare(
    `INSERT OR IGNORE INTO roll_call_entries (roll_call_id, invitation_id, first_name, last_name, company_name,
       host_name, arrived_at, checked_in_at, arrived_during)
     VALUES (@rollCallId, @invitationId, @firstName, @lastName, @companyName, @hostName, @arrivedAt, @checkedInAt,
       @arrivedDuring)`,
  );
  const markEntry = db.prepare(
    `UPDATE roll_call_entries SET accounted = @accounted, marked_at = @at, marked_by = @by
     WHERE roll_call_id = @rollCallId AND invitation_id = @invitationId`,
  );
  const bump = db.prepare('UPDATE roll_calls SET version = version + 1 WHERE id = ? RETURNING version').pluck();
  const endRollCall = db.prepare(
    'UPDATE roll_calls SET ended_at = ?, ended_by = ?, version = version + 1 WHERE id = ? AND ended_at IS NULL',
  );
  const placeEntry = db.prepare(
    `UPDATE roll_call_entries SET checked_in_at = ? WHERE roll_call_id = ? AND invitation_id = ? AND checked_in_at <> ?`,
  );
  const rekeyEntry = db.prepare(
    'UPDATE roll_call_entries SET invitation_id = ? WHERE roll_call_id = ? AND invitation_id = ?',
  );

  return {
    active: () => active(),
    latest: () => latest(),
    byId: (id: number) => byId(id),
    entries: (rollCallId: number): EntryRow[] => entriesOf.all(rollCallId).map((row) => EntryRow.parse(row)),
    entry(rollCallId: number, invitationId: number): EntryRow | undefined {
      const row: unknown = entryOf.get(rollCallId, invitationId);
      return row === undefined ? undefined : EntryRow.parse(row);
    },
    entryIds: (rollCallId: number): Set<number> => new Set(idsOf.all(rollCallId) as number[]),
    start(row: { locationId: number; locationName: string | null; startedAt: string; startedBy: string }): number {
      return Number(insertRollCall.run(row).lastInsertRowid);
    },
    addEntries(rollCallId: number, entries: readonly NewEntry[], arrivedDuring: boolean): number {
      let added = 0;
      for (const entry of entries)
        added += insertEntry.run({ ...entry, rollCallId, arrivedDuring: arrivedDuring ? 1 : 0 }).changes;
      return added;
    },
    /** The last mark wins: whatever it was before, it is now this one, with its time and device. */
    mark(rollCallId: number, invitationId: number, accounted: boolean, at: string, by: string): boolean {
      return markEntry.run({ rollCallId, invitationId, accounted: accounted ? 1 : 0, at, by }).changes === 1;
    },
    /** The roll call's next version. */
    bump: (rollCallId: number): number => bump.get(rollCallId) as number,
    end: (rollCallId: number, at: string, by: string): boolean => endRollCall.run(at, by, rollCallId).changes === 1,
    /** The entry of `from` goes by `to` from now on, with its mark (a walk-in's visit came); whether it moved. */
    rekey: (rollCallId: number, from: number, to: number): boolean =>
      rekeyEntry.run(to, rollCallId, from).changes === 1,
    /** Says where an entry's check-in was made, when it said something else; whether it changed. */
    place: (rollCallId: number, invitationId: number, place: string): boolean =>
      placeEntry.run(place, rollCallId, invitationId, place).changes === 1,
  };
}
export type RollCallsRepo = ReturnType<typeof createRollCallsRepo>;
