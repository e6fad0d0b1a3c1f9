/**
 * The browser host's sessions: one per browser, by its foyer_session cookie.
 * A session starts as a kiosk and becomes desk or admin with a PIN; each
 * unlock gives it a new id (and cookie), so an id planted or seen before the
 * unlock opens nothing after it. In hub mode a session belongs to one device:
 * another device carrying its cookie gets its own, a kiosk device's never
 * unlocks, and revoking the device ends its sessions. A desk device's
 * unlocked session is kept in the hub's registry too (the id's hash, its role
 * and last action), so that after a restart of the hub the same cookie opens
 * it again within its idle time: a marshal's roll call comes back by itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppCore } from '../app/core.ts';
import { createSession, type Session } from '../app/session.ts';
import type { OpenedHub, PairedDevice } from '../hub/index.ts';
import { SECOND } from '../../../shared/time.ts';

export const SESSION_COOKIE = 'foyer_session';

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
) {
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
  const written = new WeakMap<Session, { role: Session['role']; lastActiveAt: number }>();
  /** Writes a device's session to the registry when its role changed or its last action moved on enough. */
  function keep(device: PairedDevice, session: Session): void {
    if (!hub) return;
    const last = written.get(session);
    const unlocked = session.role !== session.baseRole;
    if (!last && !unlocked) return;
    if (last?.role === session.role && session.lastActiveAt - last.lastActiveAt < KEEP_EVERY_MS) return;
    try {
      // Locked (by a person, or for being idle): the registry forgets it.
      hub.keepSession(device.id, session);
      if (unlocked) written.set(session, { role: session.role, lastActiveAt: session.lastActiveAt });
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
    written.set(session, kept);
    belongsTo(device, session);
    return session;
  }

  /** Requests that started a session: the event stream, written by hand, must send its cookie itself. */
  const started = new WeakSet<FastifyRequest>();

  /** The caller's session: its cookie's, or a new kiosk session (bounded and expired by the core). */
  function sessionOf(request: FastifyRequest, reply: FastifyReply): Session {
    if (request.foyerSession) return request.foyerSession;
    const device = request.foyerDevice;
    const client = device ? `device:${device.id}` : `ip:${request.ip}`;
    const cookie = request.cookies[SESSION_COOKIE];
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
      session = core.sessions.open('kiosk', device?.role === 'kiosk' ? 'kiosk' : 'admin', client, {
        atMachine: atMachine(request),
      });
      if (device) belongsTo(device, session);
      reply.setCookie(SESSION_COOKIE, session.id, cookieOptions);
      started.add(request);
    }
    request.foyerSession = session;
    return session;
  }

  return {
    cookieOptions,
    sessionOf,
    /** For a hijacked reply (the event stream): the session, and its Set-Cookie header when this request started it. */
    streamSession(request: FastifyRequest, reply: FastifyReply) {
      const session = sessionOf(request, reply);
      const cookie = started.has(request) ? app.serializeCookie(SESSION_COOKIE, session.id, cookieOptions) : undefined;
      return { session, cookie };
    },
    /** After an unlock: a new id, sent as the new cookie (the old one now opens a fresh kiosk session). */
    renew(request: FastifyRequest, reply: FastifyReply, session: Session): void {
      const before = session.id;
      reply.setCookie(SESSION_COOKIE, core.sessions.renew(session), cookieOptions);
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
