/**
 * GET /app/events: the one event stream as server-sent events, each event
 * as the session may hear it. A session hears what its role's screens use:
 * a kiosk the sync status, the mirror's and the guests' changes and its role,
 * not what the desk does (devices-changed) or an admin's import; a session
 * whose ceiling is kiosk (a kiosk device, which never unlocks) gets the
 * status reduced to what a kiosk shows (online or not), and only when that
 * changed, so the outbox's counts moving do not tell it that the desk acted;
 * and of a roll call only that one started or ended (and where to gather),
 * never a desk's marks.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { Role } from '../../../shared/contract/op.ts';
import type { SyncStatus } from '../../../shared/contract/sync.ts';
import { SECOND } from '../../../shared/time.ts';
import type { AppCore } from '../app/core.ts';
import type { Session } from '../app/session.ts';
import type { OpenedHub } from '../hub/index.ts';

const HEARD_BY: Record<Role, ReadonlySet<AppEvent['type']>> = {
  kiosk: new Set(['sync-status', 'mirror-changed', 'guests-changed', 'role', 'evacuation-changed']),
  desk: new Set([
    'sync-status',
    'mirror-changed',
    'guests-changed',
    'role',
    'devices-changed',
    'walk-ins-changed',
    'evacuation-changed',
  ]),
  admin: new Set([
    'sync-status',
    'mirror-changed',
    'guests-changed',
    'role',
    'devices-changed',
    'import-progress',
    'walk-ins-changed',
    'evacuation-changed',
  ]),
};

/** Whether a session with this role (now) hears this event. */
export const heardBy = (role: Role, event: AppEvent) => HEARD_BY[role].has(event.type);

/** The status as a kiosk shows it: whether the hub reaches the service, nothing of the outbox or the pulls. */
export function kioskStatus(status: SyncStatus): SyncStatus {
  return {
    online: status.online,
    lastOnlineAt: status.lastOnlineAt,
    tokenRejected: status.tokenRejected,
    resources: {},
    outbox: { pending: 0, failed: 0, delivered: 0, conflicts: 0, delivering: false },
  };
}

/** The events of one session, filtered as above; `send` writes one. */
export function sessionEvents(session: Session, send: (event: AppEvent) => void): (event: AppEvent) => void {
  let lastKioskStatus = '';
  let lastEvacuation = '';
  return (event) => {
    if (!heardBy(session.role, event)) return;
    if (event.type === 'evacuation-changed' && session.role === 'kiosk') {
      // A kiosk shows whether an evacuation is under way and where to gather: not each mark the desks make.
      const reduced = { type: event.type, active: event.active, assemblyPoint: event.assemblyPoint };
      const text = JSON.stringify(reduced);
      if (text !== lastEvacuation) send(reduced);
      lastEvacuation = text;
      return;
    }
    if (event.type !== 'sync-status' || session.maxRole !== 'kiosk') return send(event);
    const reduced = kioskStatus(event.status);
    const text = JSON.stringify(reduced);
    if (text === lastKioskStatus) return;
    lastKioskStatus = text;
    send({ type: 'sync-status', status: reduced });
  };
}

export interface EventStreamDeps {
  core: AppCore;
  hub: OpenedHub | undefined;
  /** The caller's session, and the Set-Cookie header to send when the request started it. */
  sessionOf(request: FastifyRequest, reply: FastifyReply): { session: Session; cookie: string | undefined };
}

/** Registers the stream; the returned set holds the open ones, for the host's close to end them. */
export function registerEventStream(app: FastifyInstance, deps: EventStreamDeps): Set<ServerResponse> {
  const { core, hub } = deps;
  /** The open event streams: a close ends them, since the server's close waits for every response to end. */
  const streams = new Set<ServerResponse>();
  app.get('/app/events', { config: { door: 'events' } }, (request, reply) => {
    const { session, cookie } = deps.sessionOf(request, reply);
    reply.hijack();
    const raw = reply.raw;
    // Hijacked: the helmet and cookie headers are written here, by hand (raw.setHeader ones go by themselves).
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      ...(cookie ? { 'set-cookie': cookie } : {}),
    });
    // Nothing is written once the stream ended (a revoked device's is ended here, before its socket closes).
    const write = (text: string) => void (raw.writableEnded || raw.destroyed || raw.write(text));
    const send = sessionEvents(session, (event) => write(`data: ${JSON.stringify(event)}\n\n`));
    void core.call(session, 'sync.status', {}).then(
      (status) => send({ type: 'sync-status', status }),
      () => {},
    );
    send({ type: 'role', role: session.role });
    const unsubscribe = core.subscribe(send, session);
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), 15 * SECOND);
    // A device's stream shows it connected; revoking the device ends it (its reconnection is then refused).
    const device = request.foyerDevice;
    const closed = device ? hub?.openStream(device.id, () => raw.end(), request.ip) : undefined;
    // The response's close, not the request's: a GET's request "closes" as soon as it has been read.
    streams.add(raw);
    raw.on('close', () => {
      streams.delete(raw);
      clearInterval(heartbeat);
      unsubscribe();
      closed?.();
    });
  });
  return streams;
}
