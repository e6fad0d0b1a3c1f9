/**
 * The site hub's operations (see electron/core/hub). A Foyer that is not a
 * hub says so: it has no devices to list, pair or revoke.
 */
import type { hubOperations } from '../../../../shared/contract/hub.ts';
import { AppError } from '../../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';

const notAHub = () =>
  new AppError(
    'REFUSED',
    'this Foyer is not a site hub: start one with "foyer hub" or set hub.enabled in the desktop app',
  );

const hubOf = (ctx: HandlerContext) => {
  if (!ctx.hub) throw notAHub();
  return ctx.hub;
};

export const hubHandlers: Handlers<keyof typeof hubOperations> = {
  'hub.status': (_, ctx) =>
    ctx.hub?.status() ?? { enabled: false, urls: [], fingerprint: null, devices: [], pendingPairings: 0 },
  // Wrong codes are counted per typist: the session's client (a device, the desktop window).
  'hub.pair': (input, ctx) => hubOf(ctx).pair(input, ctx.session.client),
  'hub.revoke': ({ id }, ctx) => hubOf(ctx).revoke(id),
};
