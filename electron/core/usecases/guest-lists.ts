/**
 * The location's guests over the whole mirrored window (days back and ahead,
 * as configured), as the command line lists and finds them. The kiosk's
 * lookup covers today only and the desk's list pages through its own view;
 * a person at a terminal asks about the week.
 */
import type { GuestCategory } from '../../../shared/domain/flow.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { Guest } from '../db/repos/guests.ts';
import { syncWindow } from '../sync/pulls.ts';

export type { Guest };

type Reader = Pick<Mirror, 'guests'>;

/** Guests found by name, email or company, as typed (the mirror's search: any script, typos tolerated). */
export function lookupGuests(mirror: Reader, config: Config, text: string, now: number): Guest[] {
  return mirror.guests.lookup(text, {
    locationId: config.locationId,
    ...syncWindow(config, now),
    flow: config.flow,
    now,
  });
}

/**
 * Every guest of the window, or those of one category (expected, onsite,
 * left, ...), by the desk's own view (desk-guests.ts): whoever is on site
 * however long ago their event was, a walk-in let in before the service has
 * their visit (pending), and a guest checked in again once, as the desk lists them.
 */
export function listGuests(
  mirror: Pick<Mirror, 'deskGuests'>,
  config: Config,
  category: GuestCategory | undefined,
  now: number,
): Guest[] {
  const query = { locationId: config.locationId, ...syncWindow(config, now), withOnSite: true, flow: config.flow };
  // No limit (SQLite's -1): a terminal lists the whole window.
  return mirror.deskGuests.page({ ...query, category, sort: 'time', now }, 0, -1);
}
