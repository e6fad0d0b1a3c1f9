/**
 * The browser host: serves the built renderer and the app contract over
 * HTTP, so the app runs in any browser (and is tested end to end in
 * Chromium). Each browser gets a session cookie (browser-sessions.ts); a
 * session starts as a kiosk and becomes desk or admin with a PIN. The role is
 * checked by the core on every call, exactly as for Electron IPC; the PIN
 * limits and the idle lock are the core's too (access/session.ts), the same for
 * both doors.
 *
 * What is this door's own: only this host's names are answered (DNS
 * rebinding), cross-origin calls are refused, bodies are small unless an
 * admin sends a file, and every answer, errors included, carries the
 * security headers and the contract's error shape, with nothing of the
 * server's insides. Every decision about a request is made on the route the
 * router matched (route-door.ts), never on the raw URL.
 *
 * Hub mode (`hub`, see electron/core/hub and hub-door.ts): the same host
 * serves a site's kiosks and desks over HTTPS with the hub's certificate.
 * Every /app call and the event stream need a paired device's credential
 * (401 UNPAIRED without one); a device's sessions are bound to it and its
 * role (a kiosk device never unlocks; a desk device unlocks with the PIN, as
 * any door); the pairing endpoints and the renderer's files are open to
 * anyone, so an unpaired tablet can show its code. The hub's LAN names are allowed.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { OPERATION_NAMES, type OperationName } from '../../../shared/contract/operations.ts';
import { clip } from '../../../shared/contract/text.ts';
import { HOUR, MINUTE } from '../../../shared/time.ts';
import type { AppCore } from '../app/core.ts';
import type { Config } from '../config/config.ts';
import { AppError } from '../errors.ts';
import { AT_THE_MACHINE } from '../usecases/first-pin.ts';
import type { OpenedHub } from '../hub/index.ts';
import { hostHeaderNames, hubUrls } from '../hub/names.ts';
import { createHostCheck } from './allowed-hosts.ts';
import { isAtMachine, isLoopback } from './at-machine.ts';
import { BODY_LIMITS, limitBodies } from './body-limit.ts';
import { fileAnswer } from './file-answer.ts';
import { createBrowserSessions } from './browser-sessions.ts';
import { registerEventStream } from './event-stream.ts';
import { handleErrors, rateLimited, sendError } from './host-errors.ts';
import { gateDevices, registerPairing } from './hub-door.ts';
import { doorOf, requireDoors } from './route-door.ts';

export { BODY_LIMITS } from './body-limit.ts';

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

/** How long a stopping host lets the requests under way finish before it cuts their connections. */
const CLOSE_GRACE_MS = 2_000;

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

/** Operations that answer whether a guess was right: few per minute from one address. */
const GUESSABLE: Partial<Record<OperationName, number>> = { 'session.unlock': 20, 'kiosk.byCode': 60 };

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
  const app = Fastify({
    logger: false,
    // Anything but an operation's body (a file, for an admin) is small: a request the router did not match too.
    bodyLimit: BODY_LIMITS.small,
    ...(hub ? { https: { key: hub.tls.key, cert: hub.tls.cert } } : {}),
  });
  requireDoors(app);

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
    if (doorOf(request) !== 'file') reply.raw.setHeader('cache-control', 'no-store');
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
  await app.register(fastifyRateLimit, { global: false, errorResponseBuilder: rateLimited });

  // A hub's devices are never "at the machine", whatever their address: they reach it over the network door.
  const atMachine = (request: FastifyRequest) => !hub && isAtMachine(request, listening);
  const sessions = createBrowserSessions(app, core, hub, atMachine, () => listening);
  if (hub) gateDevices(app, hub);

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

  limitBodies(app, (request, reply) => sessions.sessionOf(request, reply).role);

  /** The operation the router decoded from the path: the one name the rate limit, the role and the call use. */
  const operationOf = (request: FastifyRequest) => (request.params as { op?: string }).op ?? '';
  const guessable = (request: FastifyRequest) => {
    const name = operationOf(request);
    return Object.hasOwn(GUESSABLE, name) ? GUESSABLE[name as OperationName] : undefined;
  };

  async function callOperation(request: FastifyRequest, reply: FastifyReply) {
    const session = sessions.sessionOf(request, reply);
    if (!sameOrigin(request))
      return sendError(reply, new AppError('FORBIDDEN', 'cross-origin requests are not accepted'));
    if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
      return sendError(reply, new AppError('INVALID_INPUT', 'send the input as JSON (content-type application/json)'));
    const name = operationOf(request);
    if (!(OPERATION_NAMES as string[]).includes(name))
      return sendError(reply, new AppError('UNKNOWN_OPERATION', `no operation "${clip(name)}"`));
    // Decided on this request too, not only on its session's: a cookie from the machine sent from elsewhere opens nothing.
    if (name === 'session.setFirstAdminPin' && !atMachine(request))
      return sendError(reply, new AppError('FORBIDDEN', AT_THE_MACHINE));
    // A large file asked for as the answer itself goes out as it is written (file-answer.ts).
    const file = fileAnswer(request, reply, name as OperationName);
    try {
      const output = await core.call(session, name as OperationName, request.body, file.sink && { file: file.sink });
      if (name === 'session.unlock' || name === 'session.setFirstAdminPin') sessions.renew(request, reply, session);
      if (request.foyerDevice) hub?.noteCall(request.foyerDevice.id, name as OperationName, request.body);
      return file.started ? reply : output;
    } catch (error) {
      if (file.started) return (file.abort(error), reply);
      if (error instanceof AppError) return sendError(reply, error);
      throw error;
    } finally {
      sessions.called(request, session);
    }
  }

  app.post(
    '/app/:op',
    {
      bodyLimit: BODY_LIMITS.admin,
      config: {
        door: 'operation',
        // Per address and operation, for the operations that answer whether a guess was right.
        rateLimit: {
          timeWindow: MINUTE,
          max: (request) => guessable(request) ?? 0,
          allowList: (request) => guessable(request) === undefined,
          keyGenerator: (request) => `${request.ip} ${operationOf(request)}`,
        },
      },
    },
    callOperation,
  );
  // The rest of /app is behind the same gate, and holds nothing.
  app.all('/app/*', { config: { door: 'app-other' } }, (_request, reply) =>
    sendError(reply, new AppError('NOT_FOUND', 'nothing here')),
  );

  const streams = registerEventStream(app, { core, hub, sessionOf: sessions.streamSession });
  if (hub) registerPairing(app, hub, sessions.cookieOptions, sameOrigin);
  handleErrors(app, options.log);

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
    // A page gets its session's cookie, and no session until it calls; an unpaired device of a hub gets neither.
    if (request.method === 'GET' && doorOf(request) === 'file' && (!hub || request.foyerDevice))
      sessions.offerCookie(request, reply);
  });
  // What the router matched to nothing: a page for a GET, nothing for the rest.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
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
      sessions.close();
      // A browser's event stream never ends by itself: without this, close() would wait for it forever.
      const closing = app.close();
      for (const raw of streams) raw.end();
      // Idle keep-alive sockets would otherwise go on serving a browser's reconnect after the listener closed:
      // a device would keep "reaching" a hub that has stopped until their timeout.
      app.server.closeIdleConnections();
      // A request still running after a moment (a slow disk, a big file) is cut, and with it the keep-alive socket
      // it would leave behind: a browser's reconnect on such a socket found a stopping hub still there (seen: 12 s).
      const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await closing;
      } finally {
        clearTimeout(cut);
      }
    },
  };
}
