/**
 * The visitor log's rows: every guest who arrived within a time range, with
 * both times of each move (the service's record, and when it was tapped here
 * from its outbox row) and the device that made the check-in where it is
 * still known (check_in_devices keeps a week).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';

export const VisitRow = z.object({
  invitationId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  hostId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  arrivedTappedAt: z.string().nullable(),
  leftTappedAt: z.string().nullable(),
  device: z.string().nullable(),
});
export type VisitRow = z.infer<typeof VisitRow>;

/** When a transition of `action` was last tapped here for the check-in `id` (a failed one does not count). */
const tapped = (
  action: string,
) => `(SELECT o.created_at FROM outbox o WHERE o.target = 'check-in:' || CAST(x.id AS INTEGER)
  AND o.kind = 'transition' AND o.state <> 'failed' AND json_extract(o.payload, '$.action') = '${action}'
  ORDER BY o.id DESC LIMIT 1)`;

export function createVisitsRepo(db: Database.Database) {
  // x: every check-in the mirror knows, queued or recorded, with its invitation where it has one.
  const select = db.prepare(`
    SELECT x.id AS invitationId, coalesce(k.first_name, c.first_name) AS firstName,
      coalesce(k.last_name, c.last_name) AS lastName, coalesce(k.company_name, c.company_name) AS companyName,
      e.host_id AS hostId, e.name AS eventName,
      iif(p.check_in_id IS NULL, k.arrived_at, p.arrived_at) AS arrivedAt,
      iif(p.check_in_id IS NULL, k.left_at, p.left_at) AS leftAt,
      ${tapped('checkIn')} AS arrivedTappedAt, ${tapped('checkOut')} AS leftTappedAt, d.device AS device
    FROM (SELECT id FROM check_ins UNION SELECT check_in_id FROM pending_transitions) x
    LEFT JOIN check_ins k ON k.id = x.id LEFT JOIN pending_transitions p ON p.check_in_id = x.id
    LEFT JOIN invitations i ON i.id = x.id LEFT JOIN events e ON e.id = i.event_id
    LEFT JOIN contacts c ON c.id = i.contact_id LEFT JOIN check_in_devices d ON d.check_in_id = x.id
    WHERE arrivedAt >= @from AND arrivedAt < @to
    ORDER BY arrivedAt, x.id`);
  return {
    /** Arrivals from `from` (inclusive) to `to` (exclusive), ISO instants as the mirror stores them. */
    arrivedBetween(from: string, to: string): VisitRow[] {
      return select.all({ from, to }).map((row) => VisitRow.parse(row));
    },
  };
}
