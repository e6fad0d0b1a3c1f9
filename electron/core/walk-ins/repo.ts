/**
 * The walk-ins' repository over their table (migration 0012, which stays
 * with the other migrations: the rows outlive this folder): requests made,
 * approved, declined and linked to their invitation, the hosts a kiosk may
 * name. Made once per mirror (mirror.repo); the reads other domains share
 * are db/repos/walk-in-records.ts, which this one extends.
 */
import type Database from 'better-sqlite3';
import type { WalkIn } from '../../../shared/contract/walk-ins.ts';
import type { Mirror } from '../db/mirror.ts';
import {
  createWalkInRecords,
  parseWalkIn,
  WALK_IN_ROW_COLUMNS as COLUMNS,
  type WalkInRow,
} from '../db/repos/walk-in-records.ts';
import { baseFold } from '../lookup/fold.ts';

export type { WalkInRow } from '../db/repos/walk-in-records.ts';

export type NewWalkIn = Pick<
  WalkInRow,
  | 'eventSourceId'
  | 'invitationSourceId'
  | 'marker'
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'email'
  | 'language'
  | 'hostId'
  | 'hostName'
  | 'locationId'
  | 'device'
  | 'source'
  | 'requestedAt'
> &
  Partial<Pick<WalkInRow, 'againOf'>>;

/** The desk's view of a row. */
export const toWalkIn = (row: WalkInRow): WalkIn => ({
  id: row.id,
  state: row.state,
  firstName: row.firstName,
  lastName: row.lastName,
  companyName: row.companyName,
  email: row.email,
  hostId: row.hostId,
  hostName: row.hostName,
  device: row.device,
  requestedAt: row.requestedAt,
  decidedAt: row.decidedAt,
  reason: row.reason,
  invitationId: row.invitationId,
});

export function createWalkInsRepo(db: Database.Database) {
  const insert = db.prepare(`
    INSERT INTO walk_ins (event_source_id, invitation_source_id, marker, first_name, last_name, company_name, email,
      language, host_id, host_name, location_id, device, source, state, requested_at, again_of)
    VALUES (@eventSourceId, @invitationSourceId, @marker, @firstName, @lastName, @companyName, @email, @language,
      @hostId, @hostName, @locationId, @device, @source, 'requested', @requestedAt, @againOf)`);
  const checkedInAgain = db.prepare(`SELECT ${COLUMNS} FROM walk_ins WHERE again_of = ? ORDER BY id DESC LIMIT 1`);
  const requested = db.prepare(
    `SELECT ${COLUMNS} FROM walk_ins WHERE state = 'requested' AND location_id = ? ORDER BY requested_at, id`,
  );
  const unlinked = db.prepare(
    `SELECT ${COLUMNS} FROM walk_ins WHERE state = 'approved' AND invitation_id IS NULL ORDER BY id`,
  );
  const approve = db.prepare(`
    UPDATE walk_ins SET state = 'approved', decided_at = @at, starts_at = @startsAt, ends_at = @endsAt,
      outbox_id = @outboxId WHERE id = @id AND state = 'requested'`);
  const decline = db.prepare(
    "UPDATE walk_ins SET state = 'declined', decided_at = @at, reason = @reason WHERE id = @id AND state = 'requested'",
  );
  const link = db.prepare(
    'UPDATE walk_ins SET invitation_id = @invitationId, check_in_outbox_id = @checkInOutboxId WHERE id = @id',
  );

  // Hosts are found by their names alone (never by email: a company's domain would list everyone).
  db.function('walk_in_fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? baseFold(text) : null,
  );
  const hosts = db.prepare(`
    SELECT id, first_name AS firstName, last_name AS lastName FROM employees
    WHERE instr(walk_in_fold(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), @needle) > 0
    ORDER BY last_name, first_name, id LIMIT @limit`) as Database.Statement<
    [{ needle: string; limit: number }],
    { id: number; firstName: string | null; lastName: string | null }
  >;

  return {
    ...createWalkInRecords(db),
    /** A new request; its sourceIds and marker are fixed here, once. */
    add(walkIn: NewWalkIn): number {
      return Number(insert.run({ againOf: null, ...walkIn }).lastInsertRowid);
    },
    /** Requests waiting for the desk at the location, oldest first. */
    requested: (locationId: number): WalkInRow[] => requested.all(locationId).map(parseWalkIn),
    /** Approved walk-ins whose invitation the mirror does not hold yet. */
    unlinked: (): WalkInRow[] => unlinked.all().map(parseWalkIn),
    /** False when the request was no longer waiting (another desk decided first). */
    approve(id: number, at: string, window: { startsAt: string; endsAt: string }, outboxId: number): boolean {
      return approve.run({ id, at, ...window, outboxId }).changes === 1;
    },
    decline(id: number, at: string, reason: string): boolean {
      return decline.run({ id, at, reason }).changes === 1;
    },
    link(id: number, invitationId: number, checkInOutboxId: number | null): void {
      link.run({ id, invitationId, checkInOutboxId });
    },
    /** Employees whose full name holds the text (case and accents ignored), at most `limit`. */
    hostsByName: (text: string, limit: number) => hosts.all({ needle: baseFold(text.trim()), limit }),
    /** The walk-in a guest who had left (this invitation) was checked in again as, if any. */
    checkedInAgain(invitationId: number): WalkInRow | undefined {
      const row = checkedInAgain.get(invitationId);
      return row === undefined ? undefined : parseWalkIn(row);
    },
  };
}
export type WalkInsRepo = ReturnType<typeof createWalkInsRepo>;

/** The walk-ins' repository on this mirror, made once. */
export const walkInsOf = (mirror: Pick<Mirror, 'repo'>): WalkInsRepo => mirror.repo(createWalkInsRepo);
