/**
 * The kiosk's operations (shared/contract/kiosk.ts). A kiosk is in a lobby,
 * used by anyone: it finds only guests of today at its location, at most
 * five a lookup and a few dozen in ten minutes (lookup.ts, the lookup budget),
 * by a name as typed or a full email, or by a signed code; it acts (check in,
 * check out, the success screen's door PIN) only on a guest it found itself
 * minutes ago, by the ticket handed out with it (access/kiosk-guests.ts); and its refusals
 * name nobody. With their part of the audit policy.
 */
import type { KioskCheckIn, kioskOperations } from '../../../shared/contract/kiosk.ts';
import { iso } from '../../../shared/time.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import { foundGuest, guestForKiosk, guestTicketsOf, notFound } from '../access/kiosk-guests.ts';
import { lookupBudgetOf } from '../access/lookup-budget.ts';
import type { AuditPolicy } from '../app/audit.ts';
import { guardCheckIn } from '../app/check-in-guards.ts';
import type { HandlerContext, Handlers } from '../app/handler.ts';
import { queueKioskBadge } from '../app/handlers/printing.ts';
import { transition } from '../app/transition.ts';
import { publishCheckedIn } from '../app/where.ts';
import { passCodeOf } from '../codes/guest-pass.ts';
import type { Guest } from '../db/repos/guests.ts';
import { AppError } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import { toKioskGuest } from './guest-view.ts';
import { kioskLookup } from './lookup.ts';
import { kioskMiss } from './miss.ts';
import { memberOf, othersOfVisit } from './party.ts';
import { invitationOfCode } from './scanned-code.ts';
import { kioskStateOf } from './state.ts';

type KioskOperation = keyof typeof kioskOperations;

function hostNameOf(runtime: Runtime, guest: Guest): string | null {
  const host = guest.hostId === null ? undefined : runtime.mirror.employees.byId(guest.hostId);
  return host ? personName(host) || null : null;
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

export const kioskHandlers: Handlers<KioskOperation> = {
  'kiosk.settings': (_, { runtime }) => runtime.config.kiosk,
  'kiosk.lookup': ({ text }, { runtime, session, now: clock }) => {
    const budget = lookupBudgetOf(runtime);
    const tickets = guestTicketsOf(runtime);
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
  'kiosk.byCode': ({ code }, { runtime, session, now: clock }) => {
    const { codes } = kioskStateOf(runtime);
    const tickets = guestTicketsOf(runtime);
    const attempt = codes.begin(session.client);
    const now = clock();
    let guest: Guest | undefined;
    try {
      const id = invitationOfCode(runtime, code);
      guest = id === undefined ? undefined : guestForKiosk(runtime, id, now);
    } finally {
      if (guest) attempt.succeeded();
      else attempt.failed();
    }
    return guest ? toKioskGuest(guest, tickets.issue(session.id, guest.invitationId, now)) : null;
  },
  'kiosk.checkIn': ({ ticket }, ctx): KioskCheckIn => {
    const now = ctx.now();
    const tickets = guestTicketsOf(ctx.runtime);
    const { arrivals } = kioskStateOf(ctx.runtime);
    const found = foundGuest(ctx.runtime, ctx.session.id, ticket, now);
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
    lookupBudgetOf(ctx.runtime).served(ctx.session, id, now);
    publishCheckedIn(ctx, id);
    return { ...toKioskGuest(guest, next), tappedAt, hostName, passCode, hostPrints };
  },
  'kiosk.arrival': ({ ticket }, { runtime, session, now: clock }) => {
    const now = clock();
    const tickets = guestTicketsOf(runtime);
    const { arrivals } = kioskStateOf(runtime);
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
    const tickets = guestTicketsOf(ctx.runtime);
    const { departures } = kioskStateOf(ctx.runtime);
    const found = foundGuest(ctx.runtime, ctx.session.id, ticket, now);
    const next = tickets.issue(ctx.session.id, found.invitationId, now);
    // Held back like the desk's, so that the guest (or whoever tapped) can take it back with Undo.
    const guest = kioskTransition(ctx, found, 'checkOut', { undoable: true });
    departures.remember(ctx.session, found.invitationId, iso(now), now);
    lookupBudgetOf(ctx.runtime).served(ctx.session, found.invitationId, now);
    return { ...toKioskGuest(guest, next), undoUntil: guest.undoUntil };
  },
  'kiosk.undoCheckOut': ({ ticket }, ctx) => {
    const now = ctx.now();
    const tickets = guestTicketsOf(ctx.runtime);
    const { departures } = kioskStateOf(ctx.runtime);
    const found = foundGuest(ctx.runtime, ctx.session.id, ticket, now);
    // Only this session's own check-out, and only while the outbox still holds it back (the outbox refuses after).
    if (departures.recent(ctx.session, found.invitationId, now) === undefined || found.undoUntil === null)
      throw new AppError('REFUSED', 'this check-out can no longer be undone here; please ask at the reception desk');
    const guest = kioskTransition(ctx, found, 'undo');
    return toKioskGuest(guest, tickets.issue(ctx.session.id, found.invitationId, now));
  },
  'kiosk.party': ({ ticket }, { runtime, session, now: clock }) => {
    const now = clock();
    const guest = foundGuest(runtime, session.id, ticket, now);
    const others = othersOfVisit(runtime, guest, now);
    if (others.length === 0) return [];
    // Shown like a lookup's guests: a party is no way around the budget.
    const budget = lookupBudgetOf(runtime);
    budget.check(session, now);
    budget.shown(
      session,
      others.map((g) => g.invitationId),
      now,
    );
    const tickets = guestTicketsOf(runtime);
    return others.map((g) => memberOf(g, tickets.issue(session.id, g.invitationId, now)));
  },
  'kiosk.miss': ({ text }, { runtime, session, now: clock }) => {
    const now = clock();
    // Asked like a lookup (it tells whether such a name had a visit today), and paid like one.
    const budget = lookupBudgetOf(runtime);
    budget.check(session, now);
    const { matched, reason } = kioskMiss(runtime, text, now);
    budget.shown(
      session,
      matched.map((g) => g.invitationId),
      now,
    );
    return { reason };
  },
};

/** A kiosk session's calls are a guest's own steps: the service, or the row they write, records them. */
export const kioskAudit = {
  'kiosk.settings': 'reads',
  'kiosk.lookup': 'reads',
  'kiosk.byCode': 'reads',
  'kiosk.checkIn': 'guest',
  'kiosk.arrival': 'reads',
  'kiosk.checkOut': 'guest',
  'kiosk.undoCheckOut': 'guest',
  'kiosk.party': 'reads',
  'kiosk.miss': 'reads',
} satisfies AuditPolicy<KioskOperation>;
