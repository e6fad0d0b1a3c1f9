/**
 * The browser host: serves the built renderer and the app contract over
 * HTTP, so the app runs in any browser (and is tested end to end in
 * Chromium). Each browser gets a session cookie; a session starts as a kiosk
 * and becomes desk or admin with a PIN. The role is checked by the core on
 * every call, exactly as for Electron IPC; the PIN limits and the idle lock
 * are the core's too (app/session.ts), the same for both doors.
 *
 * What is this door's own: only this host's names are answered (DNS
 * rebinding), cross-origin calls are refused, bodies are small unless an
 * admin sends a file, and every answer, errors included, carries the
 * security headers and the contract's error shape, with nothing of the
 * server's insides.
 *
 * Hub mode (`hub`, see electron/core/hub): the same host serves a site's
 * kiosks and desks over HTTPS with the hub's certificate. Every /app call
 * and the event stream need a paired device's credential (401 UNPAIRED
 * without one); a device's sessions are bound to it and its role (a kiosk
 * device never unlocks; a desk device unlocks with the PIN, as any door);
 * the pairing endpoints and the renderer's files are open to anyone, so an
 * unpaired tablet can show its code. The hub's LAN names are allowed.
 */
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { HUB_COOKIES, HUB_PAIRING_PATH, PAIRING_TTL_MS } from '../../../shared/contract/hub.ts';
import { type AppErrorCode, OPERATION_NAMES, type OperationName } from '../../../shared/contract/operations.ts';
import { clip } from '../../../shared/contract/text.ts';
import { DAY, HOUR, MINUTE, SECOND } from '../../../shared/time.ts';
import type { AppCore } from '../app/core.ts';
import type { Config } from '../config/config.ts';
import { AppError } from '../app/errors.ts';
import type { Session } from '../app/session.ts';
import type { OpenedHub, PairedDevice } from '../hub/index.ts';
import { hostHeaderNames, hubUrls } from '../hub/names.ts';
import { createHostCheck } from './allowed-hosts.ts';

export interface BrowserHostOptions {
  core: AppCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  host?: string;
  port?: number;
  /** Whether a desk or admin PIN is set: without one, only loopback is allowed. */
  pinsSet: boolean;
  /**
   * Host names (optionally name:port) browsers may use besides loopback and the bound address,
   * read at each request (the configuration's allowedHosts and --allowed-host).
   */
  allowedHosts?: () => readonly string[];
  log?: (line: string) => void;
  /** Serve as this site hub: HTTPS with its certificate, paired devices only (see the top of this file). */
  hub?: OpenedHub;
}

/**
 * What the host takes from the configuration, read as it is now: whether a
 * desk or admin PIN is set, and the host names browsers may use (`extra`:
 * those given on the command line).
 */
export function configuredAccess(
  config: () => Pick<Config, 'pins' | 'allowedHosts'>,
  extra: readonly string[] = [],
): Pick<BrowserHostOptions, 'pinsSet' | 'allowedHosts'> {
  const { pins } = config();
  return { pinsSet: Boolean(pins.admin || pins.desk), allowedHosts: () => [...extra, ...config().allowedHosts] };
}

/** The Content-Security-Policy of every answer, as helmet writes it. */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

// The camera is for scanning invitation codes at the kiosk; nothing else.
const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), usb=(), payment=()';

/** Anonymous and desk callers send small inputs; only an admin sends files (20 MiB as base64, in JSON). */
export const BODY_LIMITS = { small: 64 * 1024, admin: 30 * 1024 * 1024 };

/** Operations that answer whether a guess was right: few per minute from one address. */
const GUESSABLE: Partial<Record<OperationName, number>> = { 'session.unlock': 20, 'kiosk.byCode': 60 };

const STATUS_OF: Record<AppErrorCode, number> = {
  FORBIDDEN: 403,
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  REFUSED: 409,
  UNKNOWN_OPERATION: 404,
  INTERNAL: 500,
  UNPAIRED: 401,
};

export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

const COOKIE = 'foyer_session';

/** A device keeps its credential long (browsers cap cookies at 400 days); it is revoked at the hub, not expired. */
const DEVICE_COOKIE_MAX_AGE_S = (400 * DAY) / SECOND;

/** Pairing: a new code now and then per address; the device's polls of its state, every few seconds. */
const PAIRING_RATE = { start: 10, poll: 120 };

const UNPAIRED = {
  unpaired: 'this device is not paired: ask staff at the reception desk to pair it',
  revoked: 'this device was revoked: ask staff at the reception desk to pair it again',
} as const;

/** What the framework's own refusals say: short, and never its internal message. */
function frameworkError(status: number, code: string | undefined): AppError {
  if (status === 404) return new AppError('NOT_FOUND', 'nothing here');
  if (status === 413)
    return new AppError('INVALID_INPUT', 'the request is too large (a kiosk or desk request: 64 KB; a file: 20 MiB)');
  if (status === 415) return new AppError('INVALID_INPUT', 'send the input as JSON (content-type application/json)');
  if (status === 429) return new AppError('REFUSED', 'too many requests; wait a minute and try again');
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new AppError('INVALID_INPUT', 'the body is not valid JSON');
  if (status < 500) return new AppError('INVALID_INPUT', 'the request is not one this host understands');
  return new AppError('INTERNAL', 'the host failed; the details are in its log');
}

/** Counts a body's bytes as they arrive: a sender without Content-Length is held to the same limit. */
function limitedStream(limit: number): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limit) done(Object.assign(new Error('body too large'), { statusCode: 413 }));
      else done(null, chunk);
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    foyerSession: Session | null;
    /** Hub mode: the paired device that sent the request. */
    foyerDevice: PairedDevice | null;
  }
}

export async function startBrowserHost(options: BrowserHostOptions) {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.pinsSet)
    throw new Error(
      `refusing to serve on ${host} without a PIN: anyone on the network would be a kiosk with no way to lock desk and admin work away. Set one with "foyer config set adminPin <digits>", or bind to 127.0.0.1.`,
    );
  const rendererDir = resolve(options.rendererDir);
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error(`no built renderer in ${rendererDir}: run "npm run build" first (or "npm run web", which builds)`);

  const { core, hub } = options;
  // Secure in hub mode: the cookies never travel over plain HTTP.
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure: Boolean(hub) } as const;
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMITS.admin,
    ...(hub ? { https: { key: hub.tls.key, cert: hub.tls.cert } } : {}),
  });
  app.decorateRequest('foyerSession', null);
  app.decorateRequest('foyerDevice', null);

  // Headers first: every answer after this hook carries them, refusals and the framework's errors included.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Plain HTTP on a LAN or loopback; a hub's certificate is trusted by fingerprint, not pinned by browsers for good.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/app/')) reply.raw.setHeader('cache-control', 'no-store');
  });

  // Before anything else runs (an operation, a file, the event stream): only this host's own names.
  let listening = options.port ?? 5170;
  const hostCheck = createHostCheck({
    bound: host,
    port: () => listening,
    configured: options.allowedHosts ?? (() => []),
    own: hub ? hostHeaderNames(hub.names) : [],
    defaultPort: hub ? 443 : 80,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (hostCheck.allows(request.headers.host)) return;
    options.log?.(`browser host: refused a request for an unknown host name (${clip(request.headers.host ?? '')})`);
    return reply
      .code(421)
      .send(
        new AppError(
          'FORBIDDEN',
          'this host does not answer to that name; staff can allow it with "foyer web --allowed-host NAME"',
        ).toBody(),
      );
  });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    // Thrown, so that the error handler gives it the one error shape.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'FOYER_RATE_LIMITED',
      message: `too many attempts; try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });

  const sendError = (reply: FastifyReply, error: AppError) => reply.code(STATUS_OF[error.code]).send(error.toBody());

  /** Hub mode: each request's device, by its credential (a point query: a revocation counts at once). */
  const deviceSessions = new Map<number, Set<string>>();
  const stopRevoked = hub?.onRevoked((id) => {
    for (const sessionId of deviceSessions.get(id) ?? []) core.sessions.close(sessionId);
    deviceSessions.delete(id);
  });
  if (hub)
    app.addHook('onRequest', async (request, reply) => {
      const found = hub.authenticate(request.cookies[HUB_COOKIES.device], request.ip);
      if (found.ok) request.foyerDevice = found.device;
      // The renderer's files and the pairing endpoints are for anyone: an unpaired tablet shows its code.
      else if (request.url.startsWith('/app/'))
        return sendError(reply, new AppError('UNPAIRED', UNPAIRED[found.reason]));
    });

  /** Requests that started a session: the event stream, written by hand, must send its cookie itself. */
  const newSessions = new WeakSet<FastifyRequest>();

  /**
   * The caller's session: its cookie's, or a new kiosk session (bounded and expired by the core). In hub
   * mode a session belongs to one device, and a kiosk device's never unlocks.
   */
  function sessionOf(request: FastifyRequest, reply: FastifyReply): Session {
    if (request.foyerSession) return request.foyerSession;
    const device = request.foyerDevice;
    const client = device ? `device:${device.id}` : `ip:${request.ip}`;
    const cookie = request.cookies[COOKIE];
    let session = cookie ? core.sessions.get(cookie) : undefined;
    if (session && hub && session.client !== client) session = undefined;
    if (!session) {
      session = core.sessions.open('kiosk', device?.role === 'kiosk' ? 'kiosk' : 'admin', client);
      if (device) {
        let ids = deviceSessions.get(device.id);
        if (!ids) deviceSessions.set(device.id, (ids = new Set()));
        ids.add(session.id);
      }
      reply.setCookie(COOKIE, session.id, cookieOptions);
      newSessions.add(request);
    }
    request.foyerSession = session;
    return session;
  }

  /** Cross-site requests are refused: a page elsewhere must not drive this one's session. */
  function sameOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (!origin) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }

  // Bodies are held to the caller's limit while they arrive, before any parsing.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!request.url.startsWith('/app/')) return payload;
    const limit = sessionOf(request, reply).role === 'admin' ? BODY_LIMITS.admin : BODY_LIMITS.small;
    if (Number(request.headers['content-length'] ?? 0) > limit)
      throw Object.assign(new Error('body too large'), { statusCode: 413 });
    return payload.pipe(limitedStream(limit));
  });

  async function callOperation(request: FastifyRequest<{ Params: { op: string } }>, reply: FastifyReply) {
    const session = sessionOf(request, reply);
    if (!sameOrigin(request))
      return sendError(reply, new AppError('FORBIDDEN', 'cross-origin requests are not accepted'));
    if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
      return sendError(reply, new AppError('INVALID_INPUT', 'send the input as JSON (content-type application/json)'));
    const name = request.params.op ?? request.url.slice('/app/'.length);
    if (!(OPERATION_NAMES as string[]).includes(name))
      return sendError(reply, new AppError('UNKNOWN_OPERATION', `no operation "${clip(name)}"`));
    try {
      const output = await core.call(session, name as OperationName, request.body);
      if (request.foyerDevice) hub?.noteCall(request.foyerDevice.id, name as OperationName, request.body);
      return output;
    } catch (error) {
      if (error instanceof AppError) return sendError(reply, error);
      throw error;
    }
  }

  for (const [name, max] of Object.entries(GUESSABLE))
    app.post(`/app/${name}`, { config: { rateLimit: { max, timeWindow: MINUTE } } }, (request, reply) =>
      callOperation(Object.assign(request, { params: { op: name } }), reply),
    );
  app.post<{ Params: { op: string } }>('/app/:op', callOperation);

  /** The open event streams: a close ends them, since the server's close waits for every response to end. */
  const streams = new Set<ServerResponse>();

  app.get('/app/events', (request, reply) => {
    const session = sessionOf(request, reply);
    // @fastify/cookie writes cookies in onSend, which a hijacked reply never reaches.
    const cookie = newSessions.has(request) ? app.serializeCookie(COOKIE, session.id, cookieOptions) : undefined;
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
    const send = (event: unknown) => write(`data: ${JSON.stringify(event)}\n\n`);
    void core.call(session, 'sync.status', {}).then(
      (status) => send({ type: 'sync-status', status }),
      () => {},
    );
    send({ type: 'role', role: session.role });
    const unsubscribe = core.subscribe(send, session);
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), 15 * SECOND);
    // A device's stream shows it connected; revoking the device ends it (its reconnection is then refused).
    const device = request.foyerDevice;
    const closed = device ? hub?.openStream(device.id, () => raw.end()) : undefined;
    // The response's close, not the request's: a GET's request "closes" as soon as it has been read.
    streams.add(raw);
    raw.on('close', () => {
      streams.delete(raw);
      clearInterval(heartbeat);
      unsubscribe();
      closed?.();
    });
  });

  if (hub) {
    // Pairing (shared/contract/hub.ts): the device has no credential yet; it gets one once staff typed its code.
    app.post(
      HUB_PAIRING_PATH,
      { bodyLimit: 1024, config: { rateLimit: { max: PAIRING_RATE.start, timeWindow: MINUTE } } },
      (request, reply) => {
        if (!sameOrigin(request))
          return sendError(reply, new AppError('FORBIDDEN', 'cross-origin requests are not accepted'));
        if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
          return sendError(reply, new AppError('INVALID_INPUT', 'send {} as JSON (content-type application/json)'));
        try {
          const { secret, ...started } = hub.startPairing(request.ip, request.cookies[HUB_COOKIES.pairing]);
          reply.header('cache-control', 'no-store');
          reply.setCookie(HUB_COOKIES.pairing, secret, { ...cookieOptions, maxAge: PAIRING_TTL_MS / SECOND });
          return started;
        } catch (error) {
          if (error instanceof AppError) return sendError(reply, error);
          throw error;
        }
      },
    );
    app.get(
      HUB_PAIRING_PATH,
      { config: { rateLimit: { max: PAIRING_RATE.poll, timeWindow: MINUTE } } },
      (request, reply) => {
        const { answer, credential } = hub.pairingState(request.cookies[HUB_COOKIES.pairing], request.ip);
        reply.header('cache-control', 'no-store');
        if (credential) {
          reply.setCookie(HUB_COOKIES.device, credential, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_S });
          reply.clearCookie(HUB_COOKIES.pairing, cookieOptions);
        }
        return answer;
      },
    );
  }

  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) options.log?.(`browser host: ${(error as Error).stack ?? String(error)}`);
    const answer =
      (error as { code?: string }).code === 'FOYER_RATE_LIMITED'
        ? new AppError('REFUSED', (error as Error).message)
        : frameworkError(status, (error as { code?: string }).code);
    void reply.code(status >= 500 ? 500 : status).send(answer.toBody());
  });

  // The renderer: files as built; index.html for every other page (the app routes itself).
  await app.register(fastifyStatic, {
    root: rendererDir,
    index: 'index.html',
    maxAge: HOUR,
    setHeaders: (reply, path) => {
      if (path.endsWith('.html')) reply.header('cache-control', 'no-store');
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    // An unpaired device of a hub gets the files, but no session.
    if (request.method === 'GET' && !request.url.startsWith('/app/') && (!hub || request.foyerDevice))
      sessionOf(request, reply);
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/app/'))
      return sendError(reply, new AppError('NOT_FOUND', 'nothing here'));
    return reply.header('cache-control', 'no-store').sendFile('index.html');
  });

  await app.listen({ host, port: options.port ?? 5170 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 5170);
  listening = port;
  hub?.served(hubUrls(host, port, hub.names));
  return {
    url: `${hub ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    close: async () => {
      stopRevoked?.();
      // A browser's event stream never ends by itself: without this, close() would wait for it forever.
      const closing = app.close();
      for (const raw of streams) raw.end();
      await closing;
    },
  };
}
