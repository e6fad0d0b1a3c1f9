/**
 * Where a session acts, as the domains that keep it say it: the kind of door
 * by the session's role, and the paired device's name at a hub.
 */
import { type DeviceList, pairedDeviceOf } from '../access/device.ts';
import type { Session } from '../access/session.ts';
import type { HandlerContext } from './handler.ts';

/** What is read of a call: who calls, and the hub that names its devices. */
type At = { session: Pick<Session, 'client' | 'role'>; hub?: DeviceList | undefined };

/** The name of the hub's paired device the session is, if it is one (and still paired). */
export const pairedDeviceName = (ctx: At): string | null => pairedDeviceOf(ctx.session, ctx.hub)?.name ?? null;

export const doorOf = (ctx: At): 'kiosk' | 'desk' => (ctx.session.role === 'kiosk' ? 'kiosk' : 'desk');

/**
 * Where the session acts, as the roll call and a check-in's facts record it: the paired device's name at a hub,
 * else the kind of door ("desk", or "kiosk" for a kiosk's check-in).
 */
export const placeOf = (ctx: At): string => pairedDeviceName(ctx) ?? doorOf(ctx);

/** Tells the domains (bus.ts: checkedIn) that a door checked this guest in, once the call succeeded. */
export function publishCheckedIn(ctx: At & Pick<HandlerContext, 'publish'>, invitationId: number): void {
  ctx.publish('checkedIn', {
    invitationId,
    door: doorOf(ctx),
    device: pairedDeviceName(ctx),
    automatic: false,
  });
}
