/**
 * Where a session acts, as the domains that keep it say it: the kind of door
 * by the session's role, and the paired device's name at a hub.
 */
import type { HandlerContext } from './handler.ts';

type At = Pick<HandlerContext, 'session' | 'hub'>;

/** The name of the hub's paired device the session is, if it is one (and still paired). */
export function pairedDeviceName(ctx: At): string | null {
  const device = /^device:(\d+)$/.exec(ctx.session.client);
  if (!device || !ctx.hub) return null;
  return ctx.hub.status().devices.find((d) => d.id === Number(device[1]))?.name ?? null;
}

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
