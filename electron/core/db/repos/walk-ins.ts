/**
 * Walk-in requests (migration 0012): SQL in one place. Rows are parsed as
 * they leave the database, so a row of a shape this version does not know
 * fails where it is read.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { WALK_IN_STATES, type WalkIn } from '../../../../shared/contract/walk-ins.ts';
import { baseFold } from '../../lookup/fold.ts';

const Row = z.object({
  id: z.number().int(),
  eventSourceId: z.string(),
  invitationSourceId: z.string(),
  marker: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string().nullable(),
  hostId: z.number().int(),
  hostName: z.string().nullable(),
  locationId: z.number().int(),
  device: z.string(),
  source: z.enum(['kiosk', 'desk']),
  state: z.enum(WALK_IN_STATES),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  outboxId: z.number().int().nullable(),
  invitationId: z.number().int().nullable(),
  checkInOutboxId: z.number().int().nullable(),
  /** Checked in again at the desk: the invitation of the visit they had left (migration 0016). */
  againOf: z.number().int().nullable(),
});
export type WalkInRow = z.infer<typeof Row>;

const COLUMNS = `id, event_source_id AS eventSourceId, invitation_source_id AS invitationSourceId, marker,
  first_name AS firstName, last_name AS lastName, company_name AS companyName, email, language, host_id AS hostId,
  host_name AS hostName, location_id AS locationId, device, source, state, reason, requested_at AS requestedAt,
  decided_at AS decidedAt, starts_at AS startsAt, ends_at AS endsAt, outbox_id AS outboxId,
  invitation_id AS invitationId, check_in_outbox_id AS checkInOutboxId, again_of AS againOf`;

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
  const byId = db.prepare(`SELECT ${COLUMNS} FROM walk_ins WHERE id = ?`);
  const byInvitation = db.prepare(`SELECT ${COLUMNS} FROM walk_ins WHERE invitation_id = ? ORDER BY id DESC LIMIT 1`);
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
  /** The pulled invitation of a walk-in's event: its description is the walk-in's marker (reads carry no sourceId). */
  const invitationOf = db
    .prepare(
      `SELECT i.id FROM events e JOIN invitations i ON i.event_id = e.id WHERE e.description = ?
       ORDER BY i.id LIMIT 1`,
    )
    .pluck() as Database.Statement<[string], number>;

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

  const parse = (row: unknown): WalkInRow => Row.parse(row);

  return {
    /** A new request; its sourceIds and marker are fixed here, once. */
    add(walkIn: NewWalkIn): number {
      return Number(insert.run({ againOf: null, ...walkIn }).lastInsertRowid);
    },
    byId(id: number): WalkInRow | undefined {
      const row = byId.get(id);
      return row === undefined ? undefined : parse(row);
    },
    /** Requests waiting for the desk at the location, oldest first. */
    requested: (locationId: number): WalkInRow[] => requested.all(locationId).map(parse),
    /** Approved walk-ins whose invitation the mirror does not hold yet. */
    unlinked: (): WalkInRow[] => unlinked.all().map(parse),
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
    invitationOf: (marker: string): number | undefined => invitationOf.get(marker),
    /** Employees whose full name holds the text (case and accents ignored), at most `limit`. */
    hostsByName: (text: string, limit: number) => hosts.all({ needle: baseFold(text.trim()), limit }),
    /** The walk-in a guest who had left (this invitation) was checked in again as, if any. */
    checkedInAgain(invitationId: number): WalkInRow | undefined {
      const row = checkedInAgain.get(invitationId);
      return row === undefined ? undefined : parse(row);
    },
    /** The walk-in an invitation came from, if any. */
    byInvitation(invitationId: number): WalkInRow | undefined {
      const row = byInvitation.get(invitationId);
      return row === undefined ? undefined : parse(row);
    },
  };
}
export type WalkInsRepo = ReturnType<typeof createWalkInsRepo>;
