/**
 * A party at the kiosk. Once one guest is found, the others of the same
 * visit still expected today are offered (first name and initial only), each
 * with its own ticket, and counted against the lookup budget like any guest
 * shown.
 */
import type { KioskPartyMember } from '../../../shared/contract/kiosk.ts';
import type { Guest } from '../db/repos/guests.ts';
import type { Runtime } from '../runtime.ts';
import { KIOSK_RESULTS } from './lookup.ts';
import { kioskDay } from '../access/kiosk-day.ts';

/** At most this many others of one visit: a group arriving together, not the visitor list of a conference. */
export const PARTY_MEMBERS = 2 * KIOSK_RESULTS;

/** The others of the guest's event at this location still expected in the kiosk's day, nearest name first. */
export function othersOfVisit(runtime: Runtime, guest: Guest, now: number): Guest[] {
  if (guest.eventId === null) return [];
  return runtime.mirror.guests
    .ofEvent(guest.eventId, {
      locationId: runtime.config.locationId,
      ...kioskDay(now, runtime.config.kiosk),
      category: 'expected',
      flow: runtime.config.flow,
    })
    .filter((g) => g.invitationId !== guest.invitationId)
    .slice(0, PARTY_MEMBERS);
}

/** A party member as shown: the first name and the family name's first letter, nothing that tells more. */
export const memberOf = (g: Guest, ticket: string): KioskPartyMember => ({
  firstName: g.firstName?.trim() || null,
  lastInitial: g.lastName?.trim() ? [...g.lastName.trim()][0]!.toLocaleUpperCase() : null,
  ticket,
});
