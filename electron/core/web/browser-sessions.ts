/**
 * The browser host's sessions: one per browser, by its session cookie.
 * A session starts as a kiosk and becomes desk or admin with a PIN; each
 * unlock gives it a new id (and cookie), so an id planted or seen before the
 * unlock opens nothing after it. In hub mode a session belongs to one device:
 * another device carrying its cookie gets its own, a kiosk device's never
 * unlocks, and revoking the device ends its sessions. A desk device's
 * unlocked session is kept in the hub's registry too (the id's hash, its role
 * and last action), so that after a restart of the hub the same cookie opens
 * it again within its idle time: a marshal's roll call comes back by itself.
 *
 * The cookie is named after the host's port (`foyer_session_5170`, and
 * `__Host-foyer_session_5443` over HTTPS), since browsers send a host's
 * cookies to every port of it: another Foyer on the same machine never
 * takes this one's session for its own. A page is given an id, signed here,
 * but no session: the session is made when the page first calls (or opens
 * the event stream) with it, so requests for pages and files keep nothing.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppCore } from '../app/core.ts';
import { deviceClient } from '../access/device.ts';
import { createSession, type Session } from '../access/session.ts';
import type { OpenedHub, PairedDevice } from '../hub/index.ts';
import { SECOND } from '../../../shared/time.ts';

/** The session cookie's name on this port: `__Host-` over HTTPS (no Domain, Secure, Path=/ enforced by browsers). */
export const sessionCookieName = (port: number, https: boolean) => `${https ? '__Host-' : ''}foyer_session_${port}`;

/** Session ids signed by this process: a page's id is taken when it first calls, and no other (never one made up). */
function createSignedIds() {
  const key = randomBytes(32);
  const mac = (id: string) => createHmac('sha256', key).update(id).digest().subarray(0, 16);
  return {
    issue(): string {
      const id = randomBytes(24).toString('base64url');
      return `${id}.${mac(id).toString('base64url')}`;
    },
    valid(value: string): boolean {
      const [id = '', signature = '', extra] = value.split('.');
      if (extra !== undefined || id.length !== 32) return false;
      const given = Buffer.from(signature, 'base64url');
      return given.length === 16 && given.toString('base64url') === signature && timingSafeEqual(given, mac(id));
    },
  };
}

/** A kept session's last action is written at most this often: it may lock that much early after a restart, never late. */
const KEEP_EVERY_MS = 30 * SECOND;

declare module 'fastify' {
  interface FastifyRequest {
    foyerSession: Session | null;
    /** Hub mode: the paired device that sent the request. */
    foyerDevice: PairedDevice | null;
  }
}

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  sameSite: 'strict';
  secure: boolean;
}

export function createBrowserSessions(
  app: FastifyInstance,
  core: AppCore,
  hub: OpenedHub | undefined,
  /** Whether the request comes from the machine itself (at-machine.ts): its new session says so. */
  atMachine: (request: FastifyRequest) => boolean,
  /** The port the host listens on (known once it listens): the cookie's name. */
  port: () => number,
) {
  const cookieName = () => sessionCookieName(port(), Boolean(hub));
  const ids = createSignedIds();
  // Secure in hub mode: the cookies never travel over plain HTTP.
  const cookieOptions: CookieOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure: Boolean(hub) };
  app.decorateRequest('foyerSession', null);
  app.decorateRequest('foyerDevice', null);

  /** Each device's sessions, ended when it is revoked. */
  const deviceSessions = new Map<number, Set<Session>>();
  const stopRevoked = hub?.onRevoked((id) => {
    for (const session of deviceSessions.get(id) ?? []) core.sessions.close(session.id);
    deviceSessions.delete(id);
  });
  function belongsTo(device: PairedDevice, session: Session): void {
    let sessions = deviceSessions.get(device.id);
    if (!sessions) deviceSessions.set(device.id, (sessions = new Set()));
    // Those the core dropped meanwhile (bounded, idle) are forgotten here too.
    for (const known of sessions) if (core.sessions.get(known.id) !== known) sessions.delete(known);
    sessions.add(session);
  }

  /** What each device session last wrote to the registry: its role and last action (see keep). */
  const written = new WeakMap<Session, { role: Session['role']; lastActiveAt: number; staffId?: number | undefined }>();
  /** Writes a device's session to the registry when its role changed or its last action moved on enough. */
  function keep(device: PairedDevice, session: Session): void {
    if (!hub) return;
    const last = written.get(session);
    const unlocked = session.role !== session.baseRole;
    if (!last && !unlocked) return;
    if (
      last?.role === session.role &&
      last.staffId === session.staff?.id &&
      session.lastActiveAt - last.lastActiveAt < KEEP_EVERY_MS
    )
      return;
    try {
      // Locked (by a person, or for being idle): the registry forgets it.
      hub.keepSession(device.id, session);
      if (unlocked)
        written.set(session, { role: session.role, lastActiveAt: session.lastActiveAt, staffId: session.staff?.id });
      else written.delete(session);
    } catch {
      // Bookkeeping only: the call stands; after a restart the device is asked for its PIN, as before.
    }
  }
  /** A desk device's session kept before the hub restarted, opened again under the same id, as it was. */
  function restored(device: PairedDevice, id: string, client: string): Session | undefined {
    const kept = hub?.restoreSession(id, device.id);
    if (!kept) return undefined;
    const session = core.sessions.open('kiosk', 'admin', client, { id });
    session.role = kept.role;
    session.lastActiveAt = kept.lastActiveAt;
    session.staff = kept.staff;
    written.set(session, { ...kept, staffId: kept.staff?.id });
    belongsTo(device, session);
    return session;
  }

  /** Requests that started a session: the event stream, written by hand, must send its cookie itself. */
  const started = new WeakSet<FastifyRequest>();

  /** The caller's session: its cookie's, or a new kiosk session (bounded and expired by the core). */
  function sessionOf(request: FastifyRequest, reply: FastifyReply): Session {
    if (request.foyerSession) return request.foyerSession;
    const device = request.foyerDevice;
    const client = device ? deviceClient(device.id) : `ip:${request.ip}`;
    const cookie = request.cookies[cookieName()];
    let session = cookie ? core.sessions.get(cookie) : undefined;
    if (session && hub && session.client !== client) session = undefined;
    if (!session && cookie && core.sessions.retired(cookie)) {
      // Sent with the id from before an unlock, answered after it (a screen's reload racing the PIN): a kiosk for
      // this request only, and no cookie, so that the browser keeps the one the unlock gave it.
      request.foyerSession = createSession('retired', 'kiosk', 'kiosk', client);
      return request.foyerSession;
    }
    // Known to the hub's registry (a desk device's unlocked session), not to this process: the hub restarted.
    if (!session && cookie && device?.role === 'desk' && !core.sessions.get(cookie))
      session = restored(device, cookie, client);
    if (!session) {
      // The id its page was given (or the core dropped since): taken as it is, so that the page's first calls,
      // sent side by side, all land in one session.
      const given = cookie !== undefined && core.sessions.get(cookie) === undefined && ids.valid(cookie);
      session = core.sessions.open('kiosk', device?.role === 'kiosk' ? 'kiosk' : 'admin', client, {
        atMachine: atMachine(request),
        id: given ? cookie : ids.issue(),
      });
      if (device) belongsTo(device, session);
      if (!given) {
        reply.setCookie(cookieName(), session.id, cookieOptions);
        started.add(request);
      }
    }
    request.foyerSession = session;
    return session;
  }

  /** A page: an id for its session to come, unless its cookie already names one (nothing is kept until it calls). */
  function offerCookie(request: FastifyRequest, reply: FastifyReply): void {
    const cookie = request.cookies[cookieName()];
    if (cookie !== undefined && (core.sessions.get(cookie) !== undefined || ids.valid(cookie))) return;
    if (cookie !== undefined && core.sessions.retired(cookie)) return; // the unlock's new cookie is on its way
    reply.setCookie(cookieName(), ids.issue(), cookieOptions);
  }

  return {
    cookieOptions,
    sessionOf,
    offerCookie,
    /** For a hijacked reply (the event stream): the session, and its Set-Cookie header when this request started it. */
    streamSession(request: FastifyRequest, reply: FastifyReply) {
      const session = sessionOf(request, reply);
      const cookie = started.has(request) ? app.serializeCookie(cookieName(), session.id, cookieOptions) : undefined;
      return { session, cookie };
    },
    /** After an unlock: a new id, sent as the new cookie (the old one now opens a fresh kiosk session). */
    renew(request: FastifyRequest, reply: FastifyReply, session: Session): void {
      const before = session.id;
      reply.setCookie(cookieName(), core.sessions.renew(session), cookieOptions);
      if (!request.foyerDevice) return;
      try {
        hub?.dropSession(before);
      } catch {
        // The old id's row goes once its idle time is over.
      }
      written.delete(session);
    },
    /** After each call of a device: its session kept as it is now (unlocked, locked, a staff action). */
    called(request: FastifyRequest, session: Session): void {
      if (request.foyerDevice) keep(request.foyerDevice, session);
    },
    close: () => stopRevoked?.(),
  };
}
