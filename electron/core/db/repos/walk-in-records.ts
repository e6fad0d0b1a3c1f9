/**
 * The walk-in requests as stored (migration 0012), read by the domains that
 * meet a walk-in without being the walk-ins' (the roll call, a badge, a
 * kiosk's pass, agreements, the watchlist): the table outlives the domain,
 * and so does this view of it. The walk-ins domain writes the rows and
 * queries them further (walk-ins/repo.ts, over the same columns). Rows are
 * parsed as they leave the database, so a row of a shape this version does
 * not know fails where it is read. A walk-in let in whose visit the service
 * has not given back yet stands for a guest under its own key
 * (shared/domain/guest-key.ts).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { Mirror } from '../mirror.ts';

/** A request's states as the table holds them (the contract's WALK_IN_STATES say the same to the screens). */
export const STORED_WALK_IN_STATES = ['requested', 'approved', 'declined'] as const;

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
  state: z.enum(STORED_WALK_IN_STATES),
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

export const parseWalkIn = (row: unknown): WalkInRow => Row.parse(row);

/** The columns of a WalkInRow, for a `SELECT ... FROM walk_ins`. */
export const WALK_IN_ROW_COLUMNS = `id, event_source_id AS eventSourceId, invitation_source_id AS invitationSourceId,
  marker, first_name AS firstName, last_name AS lastName, company_name AS companyName, email, language,
  host_id AS hostId, host_name AS hostName, location_id AS locationId, device, source, state, reason,
  requested_at AS requestedAt, decided_at AS decidedAt, starts_at AS startsAt, ends_at AS endsAt,
  outbox_id AS outboxId, invitation_id AS invitationId, check_in_outbox_id AS checkInOutboxId, again_of AS againOf`;

export function createWalkInRecords(db: Database.Database) {
  const byId = db.prepare(`SELECT ${WALK_IN_ROW_COLUMNS} FROM walk_ins WHERE id = ?`);
  const byInvitation = db.prepare(
    `SELECT ${WALK_IN_ROW_COLUMNS} FROM walk_ins WHERE invitation_id = ? ORDER BY id DESC LIMIT 1`,
  );
  /** The pulled invitation of a walk-in's event: its description is the walk-in's marker (reads carry no sourceId). */
  const invitationOf = db
    .prepare(
      `SELECT i.id FROM events e JOIN invitations i ON i.event_id = e.id WHERE e.description = ?
       ORDER BY i.id LIMIT 1`,
    )
    .pluck() as Database.Statement<[string], number>;
  return {
    byId(id: number): WalkInRow | undefined {
      const row = byId.get(id);
      return row === undefined ? undefined : parseWalkIn(row);
    },
    /** The walk-in an invitation came from, if any. */
    byInvitation(invitationId: number): WalkInRow | undefined {
      const row = byInvitation.get(invitationId);
      return row === undefined ? undefined : parseWalkIn(row);
    },
    /** The invitation the service gave a walk-in's visit, once a pull brought it (linked or not yet). */
    invitationOf: (marker: string): number | undefined => invitationOf.get(marker),
  };
}
export type WalkInRecords = ReturnType<typeof createWalkInRecords>;

/** The stored walk-ins of this mirror (made once per mirror). */
export const walkInRecords = (mirror: Pick<Mirror, 'repo'>): WalkInRecords => mirror.repo(createWalkInRecords);
