/**
 * The roll call's own writes to its tables (migration 0013): a roll call
 * started and ended, its entries added, moved to a walk-in's invitation, and
 * told where a check-in was made. What it reads, with its marks, is below it
 * (db/repos/roll-call-records.ts); the marks write theirs in their own folder
 * (evacuation-marks/). Callers run the writes of one change and the roll
 * call's new version in one transaction (mirror.transaction).
 */
import type Database from 'better-sqlite3';
import type { NewEntry } from '../db/repos/roll-call-records.ts';
import type { Runtime } from '../runtime.ts';

export function createRollCallsRepo(db: Database.Database) {
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

/** The roll call's writes on the mirror open now (a new connection brings a new mirror). */
export const rollCallsOf = (site: Pick<Runtime, 'mirror'>): RollCallsRepo => site.mirror.repo(createRollCallsRepo);
