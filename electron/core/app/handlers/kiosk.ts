/**
 * The kiosk's operations. A kiosk is in a lobby, used by anyone: it finds
 * only guests of today at its location, at most five, by a name as typed or
 * a full email, or by a signed code; and it reads the success screen (host,
 * door PIN) only of a check-in it made itself minutes ago.
 */
import type { KioskCheckIn } from '../../../../shared/contract/operations.ts';
import { matchServicePattern, signPassCode, verifyPassCode } from '../../codes/pass-codes.ts';
import { createSiteKeyStore } from '../../codes/site-key.ts';
import type { Config } from '../../config/config.ts';
import type { Mirror } from '../../db/mirror.ts';
import type { Guest } from '../../db/repos/guests.ts';
import { type Arrivals, createArrivals } from '../../kiosk/arrivals.ts';
import { isInKioskDay, kioskDay } from '../../kiosk/today.ts';
import { displayName } from '../../lookup/names.ts';
import type { Runtime } from '../../runtime.ts';
import { AppError } from '../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
import { createPinGuard, type PinGuard, type PinLimit } from '../pin-guard.ts';
import { toKioskGuest } from './guests-view.ts';
import { transition } from './transition.ts';

/** At most this many guests per lookup: enough to find oneself, too few to browse a visitor list. */
export const KIOSK_RESULTS = 5;

/**
 * Unknown codes are limited like wrong PINs, by the same guard: per client
 * (a browser's address, the desktop app) and for the whole process, whatever
 * the session. A few misses are free (a guest scans the wrong QR); then each
 * makes the next code wait twice as long, up to 5 minutes, never a lockout
 * (a lobby must keep working); a valid code starts the client's count again.
 */
export const CODE_LIMITS: { client: PinLimit; process: PinLimit } = {
  client: { free: 5, firstDelayMs: 1_000, lockoutAfter: Infinity, lockoutMs: 5 * 60_000, forgetMs: 15 * 60_000 },
  process: { free: 500, firstDelayMs: 1_000, lockoutAfter: Infinity, lockoutMs: 60_000, forgetMs: 15 * 60_000 },
};

/** What the kiosk keeps in memory per running core: recent check-ins per session, and the code guard. */
const kioskState = new WeakMap<Runtime, { arrivals: Arrivals; codes: PinGuard }>();
const stateOf = (runtime: Runtime) => {
  let state = kioskState.get(runtime);
  if (!state)
    kioskState.set(
      runtime,
      (state = {
        arrivals: createArrivals(),
        codes: createPinGuard({
          limits: CODE_LIMITS,
          names: { failures: 'unknown codes', lockout: 'kiosk code limit' },
        }),
      }),
    );
  return state;
};
const arrivalsOf = (runtime: Runtime) => stateOf(runtime).arrivals;

/** The signed pass code of an invitation, under this data directory's site key. */
export const passCodeOf = (runtime: Runtime, invitationId: number) =>
  signPassCode(createSiteKeyStore(runtime.dataDir).get(), invitationId);

/** The invitation id a scanned or typed code stands for: a signed Foyer code, or the service's own QR content. */
function invitationOfCode(code: string, runtime: Runtime): number | undefined {
  return (
    verifyPassCode(createSiteKeyStore(runtime.dataDir).get(), code) ??
    matchServicePattern(runtime.config.kiosk.codes.servicePattern, code)
  );
}

/** The guest, when the invitation is of today at this kiosk's location. */
function guestForKiosk(id: number, { runtime, now: clock }: HandlerContext, now = clock()): Guest | undefined {
  const guest = runtime.mirror.guests.byId(id, runtime.config.flow);
  if (!guest || guest.locationId !== runtime.config.locationId) return undefined;
  return isInKioskDay(guest, kioskDay(now, runtime.config.kiosk)) ? guest : undefined;
}

function hostNameOf(runtime: Runtime, guest: Guest): string | null {
  const host = guest.hostId === null ? undefined : runtime.mirror.employees.byId(guest.hostId);
  return host ? displayName(host.firstName, host.lastName) || null : null;
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

const notToday = () => new AppError('NOT_FOUND', 'this invitation is not for today at this location');

export const kioskHandlers: Handlers<
  'kiosk.settings' | 'kiosk.lookup' | 'kiosk.byCode' | 'kiosk.checkIn' | 'kiosk.arrival' | 'kiosk.checkOut'
> = {
  'kiosk.settings': (_, { runtime }) => runtime.config.kiosk,
  'kiosk.lookup': ({ text }, { runtime, now }) =>
    kioskLookup(runtime.mirror, runtime.config, text, now()).map(toKioskGuest),
  'kiosk.byCode': ({ code }, ctx) => {
    const attempt = stateOf(ctx.runtime).codes.begin(ctx.session.client);
    let guest: Guest | undefined;
    try {
      const id = invitationOfCode(code, ctx.runtime);
      guest = id === undefined ? undefined : guestForKiosk(id, ctx);
    } finally {
      if (guest) attempt.succeeded();
      else attempt.failed();
    }
    return guest ? toKioskGuest(guest) : null;
  },
  'kiosk.checkIn': ({ invitationId }, ctx): KioskCheckIn => {
    const now = ctx.now();
    if (!guestForKiosk(invitationId, ctx, now)) throw notToday();
    const guest = transition(ctx, invitationId, 'checkIn', 'kiosk');
    // The optimistic arrival is the tap: the outbox row's time, kept until the service's own arrivedAt replaces it.
    const tappedAt = guest.arrivedAt ?? new Date(now).toISOString();
    arrivalsOf(ctx.runtime).remember(ctx.session, invitationId, tappedAt, now);
    return {
      ...toKioskGuest(guest),
      tappedAt,
      hostName: hostNameOf(ctx.runtime, guest),
      passCode: passCodeOf(ctx.runtime, invitationId),
    };
  },
  'kiosk.arrival': ({ invitationId }, { runtime, session, now }) => {
    const tappedAt = arrivalsOf(runtime).recent(session, invitationId, now());
    const guest = tappedAt === undefined ? undefined : runtime.mirror.guests.byId(invitationId, runtime.config.flow);
    // The same answer for "not yours", "too long ago" and "no such guest": nothing to learn by probing.
    if (tappedAt === undefined || !guest) throw new AppError('NOT_FOUND', 'no recent check-in of this kiosk');
    const pin = guest.pending || guest.category !== 'onsite' ? null : runtime.mirror.deskGuests.pin(invitationId);
    return { invitationId, pending: guest.pending, tappedAt, hostName: hostNameOf(runtime, guest), doorPin: pin };
  },
  'kiosk.checkOut': ({ invitationId }, ctx) => {
    if (!ctx.runtime.config.kiosk.allowCheckOut)
      throw new AppError('REFUSED', 'checking out is done at the reception desk here');
    if (!guestForKiosk(invitationId, ctx)) throw notToday();
    return toKioskGuest(transition(ctx, invitationId, 'checkOut', 'kiosk'));
  },
};
