import type { FlowConfig } from '../../../../shared/domain/flow.ts';
import { walkInKeySql } from '../../../../shared/domain/guest-key.ts';

/**
 * A walk-in let in whose invitation the mirror does not hold yet: on site,
 * pending, under its walk-in key (shared/domain/guest-key.ts), on the desk's lists and
 * the evacuation list from the moment it was approved.
 */
export const WALK_IN_COLUMNS = `${walkInKeySql('w.id')} AS invitationId, @walkInState AS state, w.first_name AS firstName,
  w.last_name AS lastName, w.email AS email, w.company_name AS companyName, w.language AS language, NULL AS eventId,
  'Walk-in for ' || coalesce(w.host_name, 'employee #' || w.host_id) AS eventName, w.starts_at AS startsAt,
  w.ends_at AS endsAt, w.location_id AS locationId, w.host_id AS hostId, w.decided_at AS arrivedAt, NULL AS leftAt,
  1 AS pending, NULL AS undoUntil`;
export const WALK_IN_COUNT_COLUMNS = `${walkInKeySql('w.id')} AS invitationId, @walkInState AS state,
  w.host_id AS hostId, NULL AS eventId`;
export const WALK_INS_ON_SITE = `FROM walk_ins w INDEXED BY walk_ins_open
  WHERE w.state = 'approved' AND w.invitation_id IS NULL AND w.location_id = @locationId`;
/** A visit the guest left and was checked in again from ("Check in again"): the new one stands for the person. */
export const NOT_LEFT_FOR_AGAIN = 'AND i.id NOT IN (SELECT again_of FROM walk_ins WHERE again_of IS NOT NULL)';
/** The state a walk-in shows: the first on-site state of the site's flow. */
export const walkInState = (flow: FlowConfig) => flow.onsite[0] ?? flow.initialState;
