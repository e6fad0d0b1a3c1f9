/**
 * The visitor log's rows: every guest who arrived within a time range, with
 * both times of each move (the service's record, and when it was tapped here)
 * and where the check-in was made: the device that made it, the door that
 * registered a walk-in, the door its event name says (all from its facts,
 * check_in_facts, but the walk-in's door).
 *
 * Read a page at a time, in the order of arrival (a cursor, not an offset):
 * a year of a large site's visits is read without holding them all, and
 * without one long statement that would keep the host from answering
 * anything else meanwhile. A page is found on the index of arrivals
 * (migration 0015), and only its rows are joined.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { lastFact } from './check-in-facts.ts';

export const VisitRow = z.object({
  invitationId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  hostId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  arrivedAt: z.string(),
  leftAt: z.string().nullable(),
  arrivedTappedAt: z.string().nullable(),
  leftTappedAt: z.string().nullable(),
  device: z.string().nullable(),
  /** The device or screen that registered the guest as a walk-in ("Lobby kiosk (device 3)", "desk"). */
  walkInDevice: z.string().nullable(),
  /** The check-in's event name as it was sent (the flow's kiosk or desk check-in). */
  checkInEvent: z.string().nullable(),
  /** The agreements the guest answered for this visit, as JSON: [[title, version, outcome, at], ...] (0018). */
  agreements: z.string().nullable(),
});
export type VisitRow = z.infer<typeof VisitRow>;

/** Where a page of the visitor log ends: the next page starts after it. */
export interface VisitCursor {
  arrivedAt: string;
  invitationId: number;
}

export function createVisitsRepo(db: Database.Database) {
  // The page: a queued transition stands for the service's record of the same check-in (as on the desk).
  const page = db.prepare(`
    SELECT id, at FROM (
      SELECT k.id AS id, k.arrived_at AS at FROM check_ins k INDEXED BY check_ins_arrived
      WHERE k.arrived_at >= @from AND k.arrived_at < @to AND (k.arrived_at, k.id) > (@afterAt, @afterId)
        AND NOT EXISTS (SELECT 1 FROM pending_transitions p WHERE p.check_in_id = k.id)
      UNION ALL
      SELECT p.check_in_id, p.arrived_at FROM pending_transitions p
      WHERE p.arrived_at >= @from AND p.arrived_at < @to AND (p.arrived_at, p.check_in_id) > (@afterAt, @afterId)
    )
    ORDER BY at, id LIMIT @limit`);
  const details = db.prepare(`
    SELECT x.id AS invitationId, coalesce(k.first_name, c.first_name) AS firstName,
      coalesce(k.last_name, c.last_name) AS lastName, coalesce(k.company_name, c.company_name) AS companyName,
      e.host_id AS hostId, e.name AS eventName, x.at AS arrivedAt,
      iif(p.check_in_id IS NULL, k.left_at, p.left_at) AS leftAt,
      ${lastFact('checkIn', 'f.at', 'x.id')} AS arrivedTappedAt, ${lastFact('checkOut', 'f.at', 'x.id')} AS leftTappedAt,
      ${lastFact('checkIn', 'f.event_name', 'x.id')} AS checkInEvent,
      ${lastFact('checkIn', 'f.device', 'x.id')} AS device, (SELECT w.device FROM walk_ins w WHERE w.invitation_id = x.id) AS walkInDevice,
      (SELECT json_group_array(json_array(a.title, a.version, a.outcome, a.at)) FROM (SELECT * FROM agreement_answers s
        WHERE s.invitation_id = x.id OR s.walk_in_id = (SELECT w.id FROM walk_ins w WHERE w.invitation_id = x.id)
        ORDER BY s.at, s.id) a) AS agreements
    FROM (SELECT j.value ->> 'id' AS id, j.value ->> 'at' AS at, j.key AS n FROM json_each(@page) j) x
    LEFT JOIN check_ins k ON k.id = x.id LEFT JOIN pending_transitions p ON p.check_in_id = x.id
    LEFT JOIN invitations i ON i.id = x.id LEFT JOIN events e ON e.id = i.event_id
    LEFT JOIN contacts c ON c.id = i.contact_id
    ORDER BY x.n`);
  return {
    /**
     * Up to `limit` arrivals from `from` (inclusive) to `to` (exclusive), ISO instants as the mirror stores
     * them, in the order of arrival, after `after` (the last row of the page before).
     */
    arrivedBetween(from: string, to: string, limit: number, after?: VisitCursor): VisitRow[] {
      const ids = page.all({
        from,
        to,
        limit,
        afterAt: after?.arrivedAt ?? '',
        afterId: after?.invitationId ?? Number.MIN_SAFE_INTEGER,
      });
      if (ids.length === 0) return [];
      return details.all({ page: JSON.stringify(ids) }).map((row) => VisitRow.parse(row));
    },
  };
}
