/**
 * GET /app/events: the one event stream as server-sent events, each event
 * as the session may hear it: the core decides that for every door
 * (EVENT_ROLES in shared/contract/events.ts, app/events.ts).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppEvent } from '../../../shared/contract/events.ts';
import { SECOND } from '../../../shared/time.ts';
import type { AppCore } from '../app/core.ts';
import type { Session } from '../access/session.ts';
import type { OpenedHub } from '../hub/index.ts';

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
    const send = (event: AppEvent) => write(`data: ${JSON.stringify(event)}\n\n`);
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
