/**
 * Who is on site at a location, the one query that says it: everyone the
 * mirror has on site (queued check-ins included, however long ago their
 * event began or ended) and the walk-ins let in whose visit has not come back
 * from the service yet (guest -id, see desk-walk-ins.ts). The evacuation list
 * and the roll call (its start and its arrivals) are both built from it, so
 * that nobody is on one and missing from the other.
 */
import type Database from 'better-sqlite3';
import { DEFAULT_FLOW, type FlowConfig } from '../../../../shared/domain/flow.ts';
import { WALK_IN_COLUMNS, WALK_INS_ON_SITE, walkInState } from './desk-walk-ins.ts';
import { type Guest, type GuestRow, withCategory, WITH_CHECK_IN } from './guests.ts';

export function createOnSiteRepo(db: Database.Database) {
  const everyone = db.prepare(
    `${WITH_CHECK_IN} UNION ALL SELECT ${WALK_IN_COLUMNS} ${WALK_INS_ON_SITE}
     ORDER BY lastName, firstName, invitationId`,
  ) as Database.Statement<unknown[], GuestRow>;
  return {
    /** Everyone on site at the location now, by name. */
    everyone(locationId: number, flow: FlowConfig = DEFAULT_FLOW): Guest[] {
      return everyone
        .all({
          locationId,
          initialState: flow.initialState,
          onsite: JSON.stringify(flow.onsite),
          walkInState: walkInState(flow),
        })
        .map(withCategory(flow))
        .filter((guest) => guest.category === 'onsite');
    },
  };
}
export type OnSiteRepo = ReturnType<typeof createOnSiteRepo>;
