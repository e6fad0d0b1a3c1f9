/**
 * One gate for every path: what a request may reach is decided on the route
 * the router matched, never on the raw URL. The router decodes
 * percent-escapes (`/%61pp/x` is `/app/x` to it) while a prefix test on
 * `request.url` does not, so a test on the URL and the route that runs could
 * disagree; here each route names its door in its config, and every hook
 * (the hub's pairing gate, the session, the body limit, the cache headers)
 * reads that door.
 *
 * - operation: POST /app/:op (a paired device, a session, the caller's body limit, the operation's rate limit);
 * - app-other: the rest of /app, which holds nothing (a paired device, no session);
 * - events: GET /app/events (a paired device, a session);
 * - pairing: the hub's /hub/pairing (anyone; no session);
 * - file: the renderer's files and the page for any other GET (anyone; a session cookie for the page).
 *
 * Anything the router did not match (the not-found handler) has no door of
 * its own and is treated as `file`: it reaches no operation, stream or session
 * a page would not.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type Door = 'operation' | 'app-other' | 'events' | 'pairing' | 'file';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route is for: see electron/core/web/route-door.ts. */
    door?: Door;
  }
}

/** The door of the route the router matched for this request. */
export const doorOf = (request: FastifyRequest): Door => request.routeOptions.config?.door ?? 'file';

/** Doors behind the hub's pairing gate and the session: what only a paired device (or any browser off a hub) reaches. */
export const isAppDoor = (door: Door) => door === 'operation' || door === 'app-other' || door === 'events';

/**
 * Every route that is not a plain read of files names its door: a route
 * added later without one would otherwise be treated as a file, open to anyone.
 */
export function requireDoors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.door) return;
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    throw new Error(`the route ${methods.join(',')} ${route.url} names no door (see route-door.ts)`);
  });
}
