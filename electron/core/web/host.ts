/**
 * The browser host: serves the built renderer and the app contract over
 * HTTP, so the app runs in any browser (and is tested end to end in
 * Chromium). Each browser gets a session cookie; a session starts as a kiosk
 * and becomes desk or admin with a PIN. The role is checked by the core on
 * every call, exactly as for Electron IPC.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { type AppErrorCode, OPERATION_NAMES, type OperationName } from '../../../shared/contract/operations.ts';
import type { AppCore } from '../app/core.ts';
import { AppError } from '../app/errors.ts';
import { createSession, type Session } from '../app/session.ts';
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
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // The camera is for scanning invitation codes at the kiosk; nothing else.
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), usb=(), payment=()',
};

const STATUS_OF: Record<AppErrorCode, number> = {
  FORBIDDEN: 403,
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  REFUSED: 409,
  UNKNOWN_OPERATION: 404,
  INTERNAL: 500,
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

const COOKIE = 'foyer_session';

/** Text from a request, made safe to log: control characters out, at most 60 characters. */
const clip = (text: string) => {
  const clean = text.replace(/\p{Cc}/gu, '?');
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
};

export async function startBrowserHost(options: BrowserHostOptions) {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.pinsSet)
    throw new Error(
      `refusing to serve on ${host} without a PIN: anyone on the network would be a kiosk with no way to lock desk and admin work away. Set one with "foyer config set adminPin <digits>", or bind to 127.0.0.1.`,
    );
  const rendererDir = resolve(options.rendererDir);
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error(`no built renderer in ${rendererDir}: run "npm run build" first (or "npm run web", which builds)`);

  const sessions = new Map<string, Session>();
  const app = Fastify({ logger: false, bodyLimit: 30 * 1024 * 1024 });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (request.url.startsWith('/app/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Before anything else runs (an operation, a file, the event stream): only this host's own names.
  let listening = options.port ?? 5170;
  const hostCheck = createHostCheck({
    bound: host,
    port: () => listening,
    configured: options.allowedHosts ?? (() => []),
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

  function sessionOf(request: FastifyRequest, reply: FastifyReply): Session {
    const cookie = /(?:^|;\s*)foyer_session=([A-Za-z0-9_-]{20,})/.exec(request.headers.cookie ?? '')?.[1];
    const known = cookie ? sessions.get(cookie) : undefined;
    if (known) return known;
    const id = randomBytes(24).toString('base64url');
    const session = createSession(id, 'kiosk', 'admin');
    sessions.set(id, session);
    reply.header('set-cookie', `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict`);
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

  const sendError = (reply: FastifyReply, error: AppError) => reply.code(STATUS_OF[error.code]).send(error.toBody());

  app.post<{ Params: { op: string } }>('/app/:op', async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!sameOrigin(request))
      return sendError(reply, new AppError('FORBIDDEN', 'cross-origin requests are not accepted'));
    if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
      return sendError(reply, new AppError('INVALID_INPUT', 'send the input as JSON (content-type application/json)'));
    const name = request.params.op;
    if (!(OPERATION_NAMES as string[]).includes(name))
      return sendError(reply, new AppError('UNKNOWN_OPERATION', `no operation "${name}"`));
    try {
      return await options.core.call(session, name as OperationName, request.body);
    } catch (error) {
      if (error instanceof AppError) return sendError(reply, error);
      throw error;
    }
  });

  app.get('/app/events', (request, reply) => {
    const session = sessionOf(request, reply);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      ...(reply.getHeader('set-cookie') ? { 'set-cookie': String(reply.getHeader('set-cookie')) } : {}),
    });
    const send = (event: unknown) => raw.write(`data: ${JSON.stringify(event)}\n\n`);
    void options.core.call(session, 'sync.status', {}).then((status) => send({ type: 'sync-status', status }));
    send({ type: 'role', role: session.role });
    const unsubscribe = options.core.subscribe(send, session);
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) options.log?.(`browser host: ${(error as Error).stack ?? String(error)}`);
    const code: AppErrorCode = status === 413 || status < 500 ? 'INVALID_INPUT' : 'INTERNAL';
    void reply.code(status >= 500 ? 500 : 400).send(new AppError(code, (error as Error).message).toBody());
  });

  // The renderer: files as built, and index.html for every other path (the app routes itself).
  app.get('/*', (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const file = normalize(join(rendererDir, path));
    const inside = file === rendererDir || file.startsWith(rendererDir + sep);
    const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(rendererDir, 'index.html');
    sessionOf(request, reply);
    return reply
      .type(CONTENT_TYPES[extname(target)] ?? 'application/octet-stream')
      .header('cache-control', target.endsWith('index.html') ? 'no-store' : 'public, max-age=3600')
      .send(createReadStream(target));
  });

  await app.listen({ host, port: options.port ?? 5170 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 5170);
  listening = port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    sessions,
    close: () => app.close(),
  };
}
