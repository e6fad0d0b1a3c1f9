/**
 * The kiosk's operations. A kiosk is in a lobby, used by anyone: it finds
 * only guests of today at its location, at most five a lookup and a few
 * dozen in ten minutes, by a name as typed or a full email, or by a signed
 * code; it acts (check in, check out, the success screen's door PIN) only on
 * a guest it found itself minutes ago, by the ticket handed out with it; and
 * its refusals name nobody.
 */
import type { KioskCheckIn, kioskOperations } from '../../../../shared/contract/kiosk.ts';
import { matchServicePattern, readPassCode, signPassCode } from '../../codes/pass-codes.ts';
import { createSiteKeyStore } from '../../codes/site-key.ts';
import type { Config } from '../../config/config.ts';
import type { Mirror } from '../../db/mirror.ts';
import type { Guest } from '../../db/repos/guests.ts';
import { isInKioskDay, kioskDay } from '../../kiosk/today.ts';
import { iso } from '../../../../shared/time.ts';
import { personName } from '../../../../shared/domain/person-name.ts';
import type { Runtime } from '../../runtime.ts';
import { AppError } from '../../errors.ts';
import { guardCheckIn } from '../check-in-guards.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
import { toKioskGuest } from '../guest-views.ts';
import { KIOSK_RESULTS, kioskStateOf } from './kiosk-state.ts';
import { kioskParty } from './kiosk-party.ts';
import { queueKioskBadge } from './printing.ts';
import { transition } from '../transition.ts';
import { publishCheckedIn } from '../where.ts';
import { walkInRecords } from '../../db/repos/walk-in-records.ts';
import { guestKey } from '../../../../shared/domain/guest-key.ts';

export { KIOSK_RESULTS } from './kiosk-state.ts';

const stateOf = (runtime: Runtime) => kioskStateOf(runtime);

/**
 * The signed pass code of a guest, under this data directory's site key: of
 * the invitation, or (a walk-in key, as the desk lists a walk-in whose visit
 * the service has not given back yet: shared/domain/guest-key.ts) of the walk-in.
 */
export const passCodeOf = (runtime: Runtime, invitationId: number) => {
  const key = guestKey(invitationId);
  return key.kind === 'walkIn'
    ? signPassCode(createSiteKeyStore(runtime.dataDir).get(), key.walkInId, 'walkIn')
    : signPassCode(createSiteKeyStore(runtime.dataDir).get(), key.invitationId);
};

/**
 * The invitation id a scanned or typed code stands for: a signed Foyer code
 * (a walk-in's, once the mirror holds their invitation), or the service's own QR content.
 */
function invitationOfCode(code: string, runtime: Runtime): number | undefined {
  const pass = readPassCode(createSiteKeyStore(runtime.dataDir).get(), code);
  if (pass?.kind === 'walkIn') return walkInRecords(runtime.mirror).byId(pass.id)?.invitationId ?? undefined;
  return pass?.id ?? matchServicePattern(runtime.config.kiosk.codes.servicePattern, code);
}

/** The guest, when the invitation is of today at this kiosk's location. */
function guestForKiosk(id: number, { runtime, now: clock }: HandlerContext, now = clock()): Guest | undefined {
  const guest = runtime.mirror.guests.byId(id, runtime.config.flow);
  if (!guest || guest.locationId !== runtime.config.locationId) return undefined;
  return isInKioskDay(guest, kioskDay(now, runtime.config.kiosk)) ? guest : undefined;
}

function hostNameOf(runtime: Runtime, guest: Guest): string | null {
  const host = guest.hostId === null ? undefined : runtime.mirror.employees.byId(guest.hostId);
  return host ? personName(host) || null : null;
}

/**
 * Today's guests at the kiosk's location for typed text: by name as typed,
 * or by the whole email once there is an @ (a company name, or part of an
 * email such as "@t" or a domain, would list everyone from that company).
 */
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

/** The same answer for a forged, altered, expired or another session's ticket, and a guest no longer of today. */
export const notFound = () =>
  new AppError('NOT_FOUND', 'this guest was not found at this kiosk in the last minutes; look them up again');

/** The guest a ticket of this session names, when still of today here. */
export function foundGuest(ticket: string, ctx: HandlerContext, now: number): Guest {
  const id = stateOf(ctx.runtime).tickets.open(ctx.session.id, ticket, now);
  const guest = id === undefined ? undefined : guestForKiosk(id, ctx, now);
  if (!guest) throw notFound();
  return guest;
}

/** The signed code for the badge, or null (logged) when the site key cannot be read: the check-in goes on. */
function passCodeOrNull(ctx: HandlerContext, invitationId: number): string | null {
  try {
    return passCodeOf(ctx.runtime, invitationId);
  } catch (error) {
    ctx.log?.(`kiosk.checkIn: no pass code for the badge: ${(error as Error)?.message ?? String(error)}`);
    return null;
  }
}

/** Queues the guest's check-in or check-out; a refusal says why without the guest's name. */
function kioskTransition(
  ctx: HandlerContext,
  guest: Guest,
  action: 'checkIn' | 'checkOut' | 'undo',
  options: { undoable?: boolean } = {},
): Guest {
  try {
    return transition(ctx, guest.invitationId, action, 'kiosk', options);
  } catch (error) {
    if (!(error instanceof AppError)) {
      if (action === 'undo') throw error;
      return queuedAnyway(ctx, guest, action, error);
    }
    if (error.code === 'NOT_FOUND') throw notFound();
    const what = { checkIn: 'checked in', checkOut: 'checked out', undo: 'checked in again' }[action];
    throw new AppError('REFUSED', `this guest cannot be ${what} at the kiosk now (the state is ${guest.state})`);
  }
}

/**
 * A failure that came after the check-in was committed (telling the engine, say) does not undo it: the guest is
 * told it worked, as the outbox will send it. A failure before it was committed is one.
 */
function queuedAnyway(ctx: HandlerContext, before: Guest, action: 'checkIn' | 'checkOut', error: unknown): Guest {
  const after = ctx.runtime.mirror.guests.byId(before.invitationId, ctx.runtime.config.flow);
  const expected = action === 'checkIn' ? 'onsite' : 'left';
  if (!after || after.category !== expected || before.category === expected || !after.pending) throw error;
  ctx.log?.(`kiosk.${action}: queued, then failed: ${(error as Error)?.stack ?? String(error)}`);
  return after;
}

export const kioskHandlers: Handlers<keyof typeof kioskOperations> = {
  // The party and the miss, in a file of their own.
  ...kioskParty,
  'kiosk.settings': (_, { runtime }) => runtime.config.kiosk,
  'kiosk.lookup': ({ text }, { runtime, session, now: clock }) => {
    const { budget, tickets } = stateOf(runtime);
    const now = clock();
    budget.check(session, now);
    const guests = kioskLookup(runtime.mirror, runtime.config, text, now);
    budget.shown(
      session,
      guests.map((g) => g.invitationId),
      now,
    );
    return guests.map((g) => toKioskGuest(g, tickets.issue(session.id, g.invitationId, now)));
  },
  'kiosk.byCode': ({ code }, ctx) => {
    const { codes, tickets } = stateOf(ctx.runtime);
    const attempt = codes.begin(ctx.session.client);
    const now = ctx.now();
    let guest: Guest | undefined;
    try {
      const id = invitationOfCode(code, ctx.runtime);
      guest = id === undefined ? undefined : guestForKiosk(id, ctx, now);
    } finally {
      if (guest) attempt.succeeded();
      else attempt.failed();
    }
    return guest ? toKioskGuest(guest, tickets.issue(ctx.session.id, guest.invitationId, now)) : null;
  },
  'kiosk.checkIn': ({ ticket }, ctx): KioskCheckIn => {
    const now = ctx.now();
    const { tickets, arrivals, budget } = stateOf(ctx.runtime);
    const found = foundGuest(ticket, ctx, now);
    const id = found.invitationId;
    // Whatever can fail comes before the check-in is queued: once it is, the guest is told it worked.
    guardCheckIn(ctx, found, ticket);
    const passCode = passCodeOrNull(ctx, id);
    const hostName = hostNameOf(ctx.runtime, found);
    const next = tickets.issue(ctx.session.id, id, now);
    // The badge is queued with the check-in, in its transaction: a check-in never stands without its badge.
    const { guest, hostPrints } = ctx.runtime.mirror.transaction(() => {
      const checkedIn = kioskTransition(ctx, found, 'checkIn');
      return { guest: checkedIn, hostPrints: queueKioskBadge(ctx, id) };
    });
    if (hostPrints) ctx.runtime.printing.kickSoon();
    // The optimistic arrival is the tap: the outbox row's time, kept until the service's own arrivedAt replaces it.
    const tappedAt = guest.arrivedAt ?? new Date(now).toISOString();
    arrivals.remember(ctx.session, id, tappedAt, now);
    budget.served(ctx.session, id, now);
    publishCheckedIn(ctx, id);
    return { ...toKioskGuest(guest, next), tappedAt, hostName, passCode, hostPrints };
  },
  'kiosk.arrival': ({ ticket }, { runtime, session, now: clock }) => {
    const now = clock();
    const { tickets, arrivals } = stateOf(runtime);
    const id = tickets.open(session.id, ticket, now);
    const tappedAt = id === undefined ? undefined : arrivals.recent(session, id, now);
    const guest =
      id === undefined || tappedAt === undefined ? undefined : runtime.mirror.guests.byId(id, runtime.config.flow);
    // The same answer for "not yours", "too long ago" and "no such guest": nothing to learn by probing.
    if (tappedAt === undefined || !guest) throw new AppError('NOT_FOUND', 'no recent check-in of this kiosk');
    const pin = guest.pending || guest.category !== 'onsite' ? null : runtime.mirror.deskGuests.pin(guest.invitationId);
    return {
      invitationId: guest.invitationId,
      pending: guest.pending,
      tappedAt,
      hostName: hostNameOf(runtime, guest),
      doorPin: pin,
    };
  },
  'kiosk.checkOut': ({ ticket }, ctx) => {
    if (!ctx.runtime.config.kiosk.allowCheckOut)
      throw new AppError('REFUSED', 'checking out is done at the reception desk here');
    const now = ctx.now();
    const { tickets, budget, departures } = stateOf(ctx.runtime);
    const found = foundGuest(ticket, ctx, now);
    const next = tickets.issue(ctx.session.id, found.invitationId, now);
    // Held back like the desk's, so that the guest (or whoever tapped) can take it back with Undo.
    const guest = kioskTransition(ctx, found, 'checkOut', { undoable: true });
    departures.remember(ctx.session, found.invitationId, iso(now), now);
    budget.served(ctx.session, found.invitationId, now);
    return { ...toKioskGuest(guest, next), undoUntil: guest.undoUntil };
  },
  'kiosk.undoCheckOut': ({ ticket }, ctx) => {
    const now = ctx.now();
    const { tickets, departures } = stateOf(ctx.runtime);
    const found = foundGuest(ticket, ctx, now);
    // Only this session's own check-out, and only while the outbox still holds it back (the outbox refuses after).
    if (departures.recent(ctx.session, found.invitationId, now) === undefined || found.undoUntil === null)
      throw new AppError('REFUSED', 'this check-out can no longer be undone here; please ask at the reception desk');
    const guest = kioskTransition(ctx, found, 'undo');
    return toKioskGuest(guest, tickets.issue(ctx.session.id, found.invitationId, now));
  },
};
