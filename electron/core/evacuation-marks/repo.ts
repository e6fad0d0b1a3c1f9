/**
 * The marks' own write (migration 0013): a person on a roll call accounted
 * for, or not, with the tick's time and device. The roll calls and their
 * entries are read below (db/repos/roll-call-records.ts); the roll call's
 * domain writes the rest (roll-call/). The caller moves the roll call's
 * version in the same transaction (mirror.transaction).
 */
import type Database from 'better-sqlite3';
import type { Runtime } from '../runtime.ts';

export function createMarksRepo(db: Database.Database) {
  const markEntry = db.prepare(
    `UPDATE roll_call_entries SET accounted = @accounted, marked_at = @at, marked_by = @by
     WHERE roll_call_id = @rollCallId AND invitation_id = @invitationId`,
  );
  return {
    /** The last mark wins: whatever it was before, it is now this one, with its time and device; whether one was. */
    mark(rollCallId: number, invitationId: number, accounted: boolean, at: string, by: string): boolean {
      return markEntry.run({ rollCallId, invitationId, accounted: accounted ? 1 : 0, at, by }).changes === 1;
    },
  };
}
export type MarksRepo = ReturnType<typeof createMarksRepo>;

/** The marks' writes on the mirror open now (a new connection brings a new mirror). */
export const marksOf = (site: Pick<Runtime, 'mirror'>): MarksRepo => site.mirror.repo(createMarksRepo);
