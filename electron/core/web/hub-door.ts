/**
 * The site hub's own part of the browser host: the pairing gate (every
 * request behind the app's doors needs a paired device's credential; see
 * route-door.ts for what those are) and the pairing endpoints
 * (shared/contract/hub.ts), which are for anyone, so that an unpaired tablet
 * can show its code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HUB_COOKIES, HUB_PAIRING_PATH, PAIRING_TTL_MS } from '../../../shared/contract/hub.ts';
import { DAY, MINUTE, SECOND } from '../../../shared/time.ts';
import { AppError } from '../errors.ts';
import type { OpenedHub } from '../hub/index.ts';
import type { CookieOptions } from './browser-sessions.ts';
import { sendError } from './host-errors.ts';
import { doorOf, isAppDoor } from './route-door.ts';

/** A device keeps its credential long (browsers cap cookies at 400 days); it is revoked at the hub, not expired. */
const DEVICE_COOKIE_MAX_AGE_S = (400 * DAY) / SECOND;

/** Pairing: a new code now and then per address; the device's polls of its state, every few seconds. */
const PAIRING_RATE = { start: 10, poll: 120 };

const UNPAIRED = {
  unpaired: 'this device is not paired: ask staff at the reception desk to pair it',
  revoked: 'this device was revoked: ask staff at the reception desk to pair it again',
} as const;

/** Each request's device, by its credential (a point query: a revocation counts at once); the app's doors need one. */
export function gateDevices(app: FastifyInstance, hub: OpenedHub): void {
  app.addHook('onRequest', async (request, reply) => {
    const found = hub.authenticate(request.cookies[HUB_COOKIES.device], request.ip);
    if (found.ok) request.foyerDevice = found.device;
    // Decided on the route the router matched: /%61pp/x is /app/x to it, and is refused here like /app/x.
    else if (isAppDoor(doorOf(request))) return sendError(reply, new AppError('UNPAIRED', UNPAIRED[found.reason]));
  });
}

/** POST and GET /hub/pairing: the device has no credential yet; it gets one once staff typed its code. */
export function registerPairing(
  app: FastifyInstance,
  hub: OpenedHub,
  cookieOptions: CookieOptions,
  sameOrigin: (request: FastifyRequest) => boolean,
): void {
  app.post(
    HUB_PAIRING_PATH,
    { bodyLimit: 1024, config: { door: 'pairing', rateLimit: { max: PAIRING_RATE.start, timeWindow: MINUTE } } },
    (request, reply) => {
      if (!sameOrigin(request))
        return sendError(reply, new AppError('FORBIDDEN', 'cross-origin requests are not accepted'));
      if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
        return sendError(reply, new AppError('INVALID_INPUT', 'send {} as JSON (content-type application/json)'));
      const { secret, ...started } = hub.startPairing(request.ip, request.cookies[HUB_COOKIES.pairing]);
      reply.setCookie(HUB_COOKIES.pairing, secret, { ...cookieOptions, maxAge: PAIRING_TTL_MS / SECOND });
      return { ...started, fingerprint: hub.tls.fingerprint };
    },
  );
  app.get(
    HUB_PAIRING_PATH,
    { config: { door: 'pairing', rateLimit: { max: PAIRING_RATE.poll, timeWindow: MINUTE } } },
    (request, reply) => {
      const { answer, credential } = hub.pairingState(request.cookies[HUB_COOKIES.pairing], request.ip);
      if (credential) {
        reply.setCookie(HUB_COOKIES.device, credential, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_S });
        reply.clearCookie(HUB_COOKIES.pairing, cookieOptions);
      }
      // The certificate this browser was just shown, for the screen to show as the code to compare.
      return answer.state === 'pending' ? { ...answer, fingerprint: hub.tls.fingerprint } : answer;
    },
  );
}
