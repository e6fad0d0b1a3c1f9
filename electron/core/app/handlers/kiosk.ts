import { AppError } from '../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
import { toKioskGuest } from './guests-view.ts';
import { transition } from './transition.ts';

const HOUR = 3_600_000;

/** The kiosk's window: guests whose event has not ended and starts within a day (CHECK_IN opens 24 h before). */
function kioskWindow(now: number) {
  return { from: new Date(now).toISOString(), to: new Date(now + 24 * HOUR).toISOString() };
}

/** An invitation code as printed on an invitation: the id, "FOYER-<id>", or a link with ?invitation=<id>. */
export function parseInvitationCode(code: string): number | undefined {
  const text = code.trim();
  const match = /^(?:FOYER[-:])?(\d{1,12})$/i.exec(text) ?? /[?&]invitation=(\d{1,12})(?:&|$)/.exec(text);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function guestForKiosk(id: number, { runtime }: HandlerContext) {
  const guest = runtime.mirror.guests.byId(id, runtime.config.flow);
  const { from, to } = kioskWindow(Date.now());
  // The kiosk only deals with its own location's guests of today.
  if (
    !guest ||
    guest.locationId !== runtime.config.locationId ||
    (guest.endsAt && guest.endsAt <= from) ||
    (guest.startsAt && guest.startsAt >= to)
  )
    return undefined;
  return guest;
}

export const kioskHandlers: Handlers<
  'kiosk.settings' | 'kiosk.lookup' | 'kiosk.byCode' | 'kiosk.checkIn' | 'kiosk.checkOut'
> = {
  'kiosk.settings': (_, { runtime }) => runtime.config.kiosk,
  'kiosk.lookup': ({ text }, { runtime }) =>
    runtime.mirror.guests
      .lookup(text, {
        locationId: runtime.config.locationId,
        ...kioskWindow(Date.now()),
        flow: runtime.config.flow,
        limit: 8,
        // A guest finds their own invitation by name, or by email once they type an @: a company
        // name, or the domain of an email, would list everyone from that company.
        columns: text.includes('@') ? ['email'] : ['first_name', 'last_name'],
      })
      .map(toKioskGuest),
  'kiosk.byCode': ({ code }, ctx) => {
    const id = parseInvitationCode(code);
    const guest = id === undefined ? undefined : guestForKiosk(id, ctx);
    return guest ? toKioskGuest(guest) : null;
  },
  'kiosk.checkIn': ({ invitationId }, ctx) => {
    if (!guestForKiosk(invitationId, ctx))
      throw new AppError('NOT_FOUND', 'this invitation is not for today at this location');
    return toKioskGuest(transition(ctx, invitationId, 'checkIn', 'kiosk'));
  },
  'kiosk.checkOut': ({ invitationId }, ctx) => {
    if (!ctx.runtime.config.kiosk.allowCheckOut)
      throw new AppError('REFUSED', 'checking out is done at the reception desk here');
    if (!guestForKiosk(invitationId, ctx))
      throw new AppError('NOT_FOUND', 'this invitation is not for today at this location');
    return toKioskGuest(transition(ctx, invitationId, 'checkOut', 'kiosk'));
  },
};
