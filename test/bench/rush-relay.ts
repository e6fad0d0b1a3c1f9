/**
 * The morning rush's link between the hub and the service: a loopback relay
 * that answers a share of requests slowly (held 1-3 s before they go on,
 * chosen by a seeded random), goes down for the outage (it stops listening
 * and drops every open connection: the hub's requests are refused, as by a
 * service that is off) and comes back on the same port, and counts what the
 * service accepted: each check-in transition and each event sent with PUT
 * /events, so that "exactly once" is read from what reached the service.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Agent, request } from 'undici';
import { mulberry32 } from '../../service/demo/random.ts';

export interface RelayOptions {
  /** The service's origin (http://127.0.0.1:PORT). */
  target: string;
  /** Share (0..1) of requests held before they are sent on. */
  slowShare: number;
  /** How long a slow request is held: uniformly in [min, max] ms. */
  slowMs: readonly [number, number];
  seed: number;
}

export interface Relay {
  url: string;
  /** Accepted transitions, "ID EVENT_NAME" → how many times the service accepted it. */
  transitions: Map<string, number>;
  /** Events the service accepted (PUT /events answered 200), by sourceId → how many times. */
  events: Map<string, number>;
  requests: number;
  slow: number;
  /** Requests refused while down (connections dropped or refused). */
  refusedWhileDown: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startRushRelay(options: RelayOptions): Promise<Relay> {
  const random = mulberry32(options.seed);
  const upstream = new Agent({ connections: 16 });
  const sockets = new Set<Socket>();
  let isUp = true;
  const relay = {
    transitions: new Map<string, number>(),
    events: new Map<string, number>(),
    requests: 0,
    slow: 0,
    refusedWhileDown: 0,
  };
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  async function forward(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer) {
    relay.requests++;
    if (random() < options.slowShare) {
      relay.slow++;
      const [min, max] = options.slowMs;
      await new Promise((resolve) => setTimeout(resolve, min + random() * (max - min)));
    }
    if (!isUp) {
      relay.refusedWhileDown++;
      incoming.socket.destroy();
      return;
    }
    const headers = { ...incoming.headers };
    delete headers.host;
    delete headers.connection;
    const answer = await request(`${options.target}${incoming.url}`, {
      method: incoming.method as 'GET',
      headers,
      dispatcher: upstream,
      ...(body.length ? { body } : {}),
    });
    const text = await answer.body.text();
    if (answer.statusCode < 300 && incoming.method === 'POST' && incoming.url?.endsWith('/check-ins/transitions')) {
      const sent = JSON.parse(body.toString()) as { eventName: string; checkIn: { id: number } };
      count(relay.transitions, `${sent.checkIn.id} ${sent.eventName}`);
    }
    if (answer.statusCode === 200 && incoming.method === 'PUT' && incoming.url?.endsWith('/events')) {
      const sent = JSON.parse(body.toString()) as { events: { sourceId: string }[] };
      const results = (JSON.parse(text) as { events?: { status?: string }[] }).events ?? [];
      sent.events.forEach((event, i) => {
        if (results[i]?.status === 'SUCCESS') count(relay.events, event.sourceId);
      });
    }
    const { 'transfer-encoding': _te, connection: _c, ...rest } = answer.headers;
    // A connection dropped while the answer was on its way (the outage began): the service applied it anyway.
    if (!outgoing.destroyed) outgoing.writeHead(answer.statusCode, rest as Record<string, string>).end(text);
  }

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      forward(incoming, outgoing, Buffer.concat(chunks)).catch(() => {
        if (!outgoing.headersSent && !outgoing.destroyed) outgoing.writeHead(502).end();
      });
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as { port: number }).port;
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  return Object.assign(relay, {
    url: `http://127.0.0.1:${port}`,
    async down() {
      isUp = false;
      await stopListening();
    },
    async up() {
      await listen(port);
      isUp = true;
    },
    async close() {
      if (server.listening) await stopListening();
      await upstream.close();
    },
  });
}
