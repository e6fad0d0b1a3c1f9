/**
 * A party at the kiosk, and why a name found nobody. Once one guest is found,
 * the others of the same visit still expected today are offered (first name
 * and initial only), each with its own ticket, and counted against the
 * lookup budget like any guest shown. A name that finds nobody may name a
 * guest of today whose visit has already ended: they are told so (and sent
 * to reception), not "no invitation today"; the guests such a name matched
 * are counted against the lookup budget as if shown.
 */
import type { KioskPartyMember } from '../../../../shared/contract/kiosk.ts';
import { localMidnight } from '../../../../shared/time.ts';
import type { Guest } from '../../db/repos/guests.ts';
import { kioskDay } from '../../kiosk/today.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
// foundGuest is read when a call runs (kiosk.ts spreads kioskParty into its handlers: a cycle of modules).
import { foundGuest } from './kiosk.ts';
import { KIOSK_RESULTS, kioskStateOf } from './kiosk-state.ts';

/** At most this many others of one visit: a group arriving together, not the visitor list of a conference. */
export const PARTY_MEMBERS = 2 * KIOSK_RESULTS;

/** The others of the guest's event at this location still expected in the kiosk's day, nearest name first. */
function othersOfVisit(ctx: HandlerContext, guest: Guest, now: number): Guest[] {
  const { runtime } = ctx;
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
const memberOf = (g: Guest, ticket: string): KioskPartyMember => ({
  firstName: g.firstName?.trim() || null,
  lastInitial: g.lastName?.trim() ? [...g.lastName.trim()][0]!.toLocaleUpperCase() : null,
  ticket,
});

/** Part of kioskHandlers (spread there). */
export const kioskParty: Handlers<'kiosk.party' | 'kiosk.miss'> = {
  'kiosk.party': ({ ticket }, ctx) => {
    const now = ctx.now();
    const { budget, tickets } = kioskStateOf(ctx.runtime);
    const guest = foundGuest(ticket, ctx, now);
    const others = othersOfVisit(ctx, guest, now);
    if (others.length === 0) return [];
    // Shown like a lookup's guests: a party is no way around the budget.
    budget.check(ctx.session, now);
    budget.shown(
      ctx.session,
      others.map((g) => g.invitationId),
      now,
    );
    return others.map((g) => memberOf(g, tickets.issue(ctx.session.id, g.invitationId, now)));
  },
  'kiosk.miss': ({ text }, ctx) => {
    const now = ctx.now();
    const { runtime, session } = ctx;
    // Asked like a lookup (it tells whether such a name had a visit today), and paid like one: every guest the name
    // matched counts as shown, or a script could spell out the departed guests' names for free.
    const { budget } = kioskStateOf(runtime);
    budget.check(session, now);
    const { kiosk } = runtime.config;
    const matched = runtime.mirror.guests.lookup(text, {
      locationId: runtime.config.locationId,
      from: new Date(localMidnight(now, 0, kiosk.timeZone ?? undefined)).toISOString(),
      to: new Date(now).toISOString(),
      flow: runtime.config.flow,
      limit: KIOSK_RESULTS,
      now,
      columns: ['names'],
    });
    budget.shown(
      session,
      matched.map((g) => g.invitationId),
      now,
    );
    const ended = matched.some((g) => g.endsAt !== null && Date.parse(g.endsAt) <= now);
    return { reason: ended ? 'visitEnded' : 'notFound' };
  },
};
