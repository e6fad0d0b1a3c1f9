/**
 * The guests a kiosk session may act on: one of today at its location
 * (kiosk-day.ts) that this session found itself minutes ago, by a lookup, a
 * party or a code, named by the ticket handed out with it (tickets.ts). The
 * kiosk's check-in and check-out, a guest's signature and photo, and the
 * watchlist's check before a kiosk's check-in all open the same tickets.
 * Every way of not finding one ends in the same answer, so that probing
 * tells nothing. Kept in memory per running core: a ticket of a restarted
 * process opens nothing.
 */
import type { Guest } from '../db/repos/guests.ts';
import { AppError } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import { isInKioskDay, kioskDay } from './kiosk-day.ts';
import { createTickets, type Tickets } from './tickets.ts';

const tickets = new WeakMap<Runtime, Tickets>();

/** This core's tickets of the guests its kiosk sessions found. */
export function guestTicketsOf(runtime: Runtime): Tickets {
  let found = tickets.get(runtime);
  if (!found) {
    found = createTickets();
    tickets.set(runtime, found);
  }
  return found;
}

/** The same answer for a forged, altered, expired or another session's ticket, and a guest no longer of today. */
export const notFound = () =>
  new AppError('NOT_FOUND', 'this guest was not found at this kiosk in the last minutes; look them up again');

/** The guest, when the invitation is of today at this kiosk's location. */
export function guestForKiosk(runtime: Runtime, id: number, now: number): Guest | undefined {
  const guest = runtime.mirror.guests.byId(id, runtime.config.flow);
  if (!guest || guest.locationId !== runtime.config.locationId) return undefined;
  return isInKioskDay(guest, kioskDay(now, runtime.config.kiosk)) ? guest : undefined;
}

/** The guest a ticket of this session names, when still of today here. */
export function foundGuest(runtime: Runtime, sessionId: string, ticket: string, now: number): Guest {
  const id = guestTicketsOf(runtime).open(sessionId, ticket, now);
  const guest = id === undefined ? undefined : guestForKiosk(runtime, id, now);
  if (!guest) throw notFound();
  return guest;
}
