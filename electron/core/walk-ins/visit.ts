/**
 * The visit an approved walk-in is at the service: one event with its one
 * invitation (PUT /events), keyed by the sourceIds fixed with the request,
 * from the approval to the end of the local day (or the configured length).
 */
import { EventSyncItem } from '../../../shared/api/index.ts';
import { iso, MINUTE, nextLocalMidnight } from '../../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { WalkInRow } from './repo.ts';

/** A walk-in's visit is never shorter than this, even when it is approved just before midnight. */
const SHORTEST_VISIT = 30 * MINUTE;

/**
 * From now to the end of the local day, or for the configured length; a
 * guest checked in again keeps the end of the visit they came back to
 * (`keepEnd`), while it is still ahead.
 */
export function visitWindow(
  config: Config,
  now: number,
  keepEnd?: string | null,
): { startsAt: string; endsAt: string } {
  const { lengthMinutes } = config.walkIns;
  const kept = keepEnd ? Date.parse(keepEnd) : NaN;
  const end =
    kept >= now + SHORTEST_VISIT
      ? kept
      : lengthMinutes === null
        ? Math.max(nextLocalMidnight(now, config.kiosk.timeZone ?? undefined), now + SHORTEST_VISIT)
        : now + lengthMinutes * MINUTE;
  return { startsAt: iso(now), endsAt: iso(end) };
}

/** The one event with its one invitation that an approved walk-in is at the service. */
export function eventItemOf(row: WalkInRow, window: { startsAt: string; endsAt: string }, config: Config) {
  return EventSyncItem.parse({
    sourceId: row.eventSourceId,
    name: `Walk-in for ${row.hostName ?? `employee #${row.hostId}`}`,
    description: row.marker,
    ...window,
    locationId: row.locationId,
    ...(config.walkIns.entranceId !== null ? { entranceId: config.walkIns.entranceId } : {}),
    invitations: [
      {
        sourceId: row.invitationSourceId,
        firstName: row.firstName,
        lastName: row.lastName,
        ...(row.companyName ? { companyName: row.companyName } : {}),
        ...(row.email ? { email: row.email } : {}),
        customFields: { walkIn: true, requestedHostId: row.hostId, device: row.device },
      },
    ],
  });
}
