/**
 * Where and how each transition of a check-in was made here (migration
 * 0021): when it was tapped, at which door and device, by whom, whether the
 * daily automatic check-out made it. Written in the same transaction as the
 * outbox row that delivers it (outbox/queue.ts), and kept after that row:
 * the outbox only delivers, the desk's lists, the arrivals feed, the visitor
 * log and the roll call read their facts here.
 *
 * A transition whose delivery failed for good (refused by the service, or
 * not sent because one before it failed) was not made: its fact is marked
 * failed, and readers take the last fact that is not. One taken back before
 * it was sent (an Undo of a held check-out) is removed with its row. The
 * facts go with the visit (retention, the erasure).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';

/** The actions of a check-in (outbox/transitions.ts TRANSITION_ACTIONS). */
const ACTIONS = ['checkIn', 'checkOut', 'undo'] as const;
type TransitionAction = (typeof ACTIONS)[number];

/** Who made a transition at a door: the device or screen, and the named staff member if one unlocked it. */
export interface MadeAt {
  device: string;
  staff?: { id: number; name: string } | undefined;
}

export interface NewCheckInFact {
  checkInId: number;
  action: TransitionAction;
  at: string;
  eventName: string;
  door: 'kiosk' | 'desk';
  made: MadeAt | undefined;
  automatic: boolean;
  outboxId: number;
}

const flag = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);

export const CheckInFact = z.object({
  checkInId: z.number().int(),
  action: z.enum(ACTIONS),
  at: z.string(),
  eventName: z.string().nullable(),
  door: z.enum(['kiosk', 'desk']).nullable(),
  device: z.string().nullable(),
  automatic: flag,
  byStaffId: z.number().int().nullable(),
  byPerson: z.string().nullable(),
  outboxId: z.number().int().nullable(),
  failed: flag,
});
export type CheckInFact = z.infer<typeof CheckInFact>;

const COLUMNS = `check_in_id AS checkInId, action, at, event_name AS eventName, door, device, automatic,
  by_staff_id AS byStaffId, by_person AS byPerson, outbox_id AS outboxId, failed`;

/**
 * The last fact of `action` of the check-in `id` that was not failed, as a scalar subquery's text for the
 * readers' queries (arrivals, visits, guests, desk guests): `column` an SQL expression over it (`f`), `id` one
 * over the reader's row.
 */
export const lastFact = (action: TransitionAction, column: string, id: string) => `(SELECT ${column}
  FROM check_in_facts f WHERE f.check_in_id = ${id} AND f.action = '${action}' AND f.failed = 0
  ORDER BY f.id DESC LIMIT 1)`;

export function createCheckInFactsRepo(db: Database.Database) {
  const insert = db.prepare(`
    INSERT INTO check_in_facts (check_in_id, action, at, event_name, door, device, automatic, by_staff_id, by_person,
      outbox_id)
    VALUES (@checkInId, @action, @at, @eventName, @door, @device, @automatic, @byStaffId, @byPerson, @outboxId)`);
  const last = db.prepare(`SELECT ${COLUMNS} FROM check_in_facts
    WHERE check_in_id = ? AND action = ? AND failed = 0 ORDER BY id DESC LIMIT 1`);
  const ofRow = db.prepare(`SELECT ${COLUMNS} FROM check_in_facts WHERE outbox_id = ?`);
  const markFailed = db.prepare('UPDATE check_in_facts SET failed = 1 WHERE outbox_id = ?');
  const remove = db.prepare('DELETE FROM check_in_facts WHERE outbox_id = ?');
  // A visit's facts go once nothing of the visit is left to show them with (its record and its invitation purged).
  const purge = db.prepare(`
    DELETE FROM check_in_facts WHERE at < @cutoff
      AND check_in_id NOT IN (SELECT id FROM check_ins) AND check_in_id NOT IN (SELECT id FROM invitations)
      AND check_in_id NOT IN (SELECT check_in_id FROM pending_transitions)`);

  const parse = (row: unknown) => (row === undefined ? undefined : CheckInFact.parse(row));
  return {
    /** Call in the transaction that writes its outbox row. */
    add(fact: NewCheckInFact): void {
      const { made, automatic, ...rest } = fact;
      insert.run({
        ...rest,
        device: made?.device ?? null,
        automatic: automatic ? 1 : 0,
        byStaffId: made?.staff?.id ?? null,
        byPerson: made?.staff?.name ?? null,
      });
    },
    /** The last fact of the action that was not failed. */
    last: (checkInId: number, action: TransitionAction): CheckInFact | undefined => parse(last.get(checkInId, action)),
    /** The fact an outbox row delivers. */
    ofRow: (outboxId: number): CheckInFact | undefined => parse(ofRow.get(outboxId)),
    /** The row's delivery failed for good: the transition was not made. */
    failed(outboxId: number): void {
      markFailed.run(outboxId);
    },
    /** The row was taken back before it was sent (an undone check-out): as if it had never been made. */
    takenBack(outboxId: number): void {
      remove.run(outboxId);
    },
    /** Facts older than `cutoff` of visits the retention purged; how many went. */
    purgeBefore: (cutoff: string): number => purge.run({ cutoff }).changes,
  };
}
export type CheckInFactsRepo = ReturnType<typeof createCheckInFactsRepo>;
