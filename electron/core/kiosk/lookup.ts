/**
 * Finding a guest at the kiosk by what they typed: today's guests at its
 * location, by name as typed, or by the whole email once there is an @ (a
 * company name, or part of an email such as "@t" or a domain, would list
 * everyone from that company); at most five.
 */
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { Guest } from '../db/repos/guests.ts';
import { kioskDay } from '../access/kiosk-day.ts';

/** At most this many guests per lookup: enough to find oneself, too few to browse a visitor list. */
export const KIOSK_RESULTS = 5;

export function kioskLookup(
  mirror: Mirror,
  config: Pick<Config, 'locationId' | 'flow' | 'kiosk'>,
  text: string,
  now = Date.now(),
): Guest[] {
  const query = {
    locationId: config.locationId,
    ...kioskDay(now, config.kiosk),
    flow: config.flow,
    limit: KIOSK_RESULTS,
    now,
  };
  return text.includes('@')
    ? mirror.guests.lookupEmail(text, query)
    : mirror.guests.lookup(text, { ...query, columns: ['names'], fuzzy: true });
}
