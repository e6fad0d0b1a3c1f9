/**
 * The desk's feed of arrivals: the guests who arrived at the location since
 * a moment, newest first, with what tells where they checked in. One query
 * over what the mirror already holds, no table of its own:
 *
 * - who and whether they arrived: the check-in as the desk shows it (the
 *   queued transition over the service's record), so an Undo takes the guest
 *   off the feed as it takes them off the list;
 * - when: the tap here (the check-in's facts, check_in_facts), else the
 *   service's time, which is when a check-in reached it, hours late after a
 *   day offline;
 * - where: the device its facts name, an approved walk-in, the door its
 *   event name says, or none (checked in at the service by someone else).
 *
 * An approved walk-in whose invitation the mirror does not hold yet is there
 * too, as guest -id from its approval (as on the desk's lists).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { DAY, iso } from '../../../../shared/time.ts';
import { lastFact } from './check-in-facts.ts';
import { walkInKeySql } from '../../../../shared/domain/guest-key.ts';

export const ArrivalRow = z.object({
  invitationId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  at: z.string(),
  left: z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1),
  /** The paired device's name, or "kiosk"/"desk" for a screen that is not a paired device (check_in_facts). */
  device: z.string().nullable(),
  /** Which door registered the walk-in, when the guest is one. */
  walkIn: z.enum(['kiosk', 'desk']).nullable(),
  /** The check-in's event name as it was sent (the flow's kiosk or desk check-in). */
  eventName: z.string().nullable(),
});
export type ArrivalRow = z.infer<typeof ArrivalRow>;

/**
 * How long before the service's record of an arrival its tap here may be:
 * the feed reads the location's check-ins the service dates from `since`
 * less this (on an index), not its whole history (100,000 past check-ins
 * made each call 4x slower). The service dates an arrival when it hears of
 * it, after its tap here; a day covers a service whose clock is far behind.
 */
const TAP_BEFORE_RECORD = DAY;

export function createArrivalsRepo(db: Database.Database) {
  // The inner query finds and orders the arrivals; where each came from is looked up for the few it keeps.
  const recent = db.prepare(`
    SELECT a.invitationId, a.firstName, a.lastName, a.companyName, a.at, a.left,
      ${lastFact('checkIn', 'f.device', 'a.invitationId')} AS device,
      coalesce(a.walkIn, (SELECT w.source FROM walk_ins w WHERE w.invitation_id = a.invitationId)) AS walkIn,
      ${lastFact('checkIn', 'f.event_name', 'a.invitationId')} AS eventName
    FROM (
      SELECT x.id AS invitationId, coalesce(k.first_name, c.first_name) AS firstName,
        coalesce(k.last_name, c.last_name) AS lastName, coalesce(k.company_name, c.company_name) AS companyName,
        coalesce(${lastFact('checkIn', 'f.at', 'x.id')}, iif(p.check_in_id IS NULL, k.arrived_at, p.arrived_at)) AS at,
        iif(p.check_in_id IS NULL, k.left_at, p.left_at) IS NOT NULL AS left, NULL AS walkIn
      FROM (
        SELECT id FROM check_ins INDEXED BY check_ins_location_arrived
        WHERE location_id = @locationId AND arrived_at >= @floor
        UNION
        SELECT p.check_in_id FROM pending_transitions p JOIN invitations i ON i.id = p.check_in_id
        WHERE i.location_id = @locationId
      ) x
      LEFT JOIN check_ins k ON k.id = x.id LEFT JOIN pending_transitions p ON p.check_in_id = x.id
      LEFT JOIN invitations i ON i.id = x.id LEFT JOIN contacts c ON c.id = i.contact_id
      WHERE iif(p.check_in_id IS NULL, k.arrived_at, p.arrived_at) IS NOT NULL AND at >= @since
      UNION ALL
      SELECT ${walkInKeySql('w.id')}, w.first_name, w.last_name, w.company_name, w.decided_at, 0, w.source
      FROM walk_ins w INDEXED BY walk_ins_open
      WHERE w.state = 'approved' AND w.invitation_id IS NULL AND w.location_id = @locationId
        AND w.decided_at >= @since
      ORDER BY at DESC, invitationId DESC
      LIMIT @limit
    ) a
    ORDER BY a.at DESC, a.invitationId DESC`);
  return {
    /** Arrivals at the location from `since` (an ISO instant), newest first, at most `limit`. */
    since(locationId: number, since: string, limit: number): ArrivalRow[] {
      const floor = iso(Date.parse(since) - TAP_BEFORE_RECORD);
      return recent.all({ locationId, since, floor, limit }).map((row) => ArrivalRow.parse(row));
    },
  };
}
export type ArrivalsRepo = ReturnType<typeof createArrivalsRepo>;
