/**
 * A service that is not our own: a small HTTP server on 127.0.0.1 in front
 * of the reference service, which answers as a real deployment might where
 * the interface says "not shown", or worse. Each oddity is switched on with
 * `set()` while a test runs; `requests` records what the client sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createDeflate, createGzip } from 'node:zlib';
import { request } from 'undici';
import { API_BASE_PATH } from '../../shared/api/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface OddRequest {
  method: string;
  /** The path as the client sent it, query included. */
  url: string;
  headers: IncomingMessage['headers'];
}

export interface Oddities {
  /** Where the API is served on this server: '' is the host root; the reference service's own is /api/v2. */
  prefix?: string;
  /** Query parameters every request must carry (e.g. a subscription key), else 401. */
  requireQuery?: Record<string, string>;
  /** At most this many items per listing page, whatever was asked. */
  pageCap?: number;
  /** Listings whose path matches get this limit, whatever was asked (a default the client did not expect). */
  forcedLimit?: { path: RegExp; limit: number };
  /** pageInfo.totalCount as this server tells it, from the true count. */
  totalCount?: (trueCount: number) => number;
  /** Rewrites a JSON answer (bad records, an empty listing, ids as strings, other timestamps). */
  transform?: (body: Json, request: { path: string; query: URLSearchParams }) => Json;
  /** Refuses the token of every API request as the reference service refuses an unknown one (401 UNAUTHENTICATED). */
  refuseToken?: boolean;
  /** Answers every API request with this instead of asking the reference service. */
  answer?: { status: number; headers?: Record<string, string>; body?: string };
  /** A 200 answer whose body is this many bytes (a JSON prefix, then spaces). */
  hugeBodyBytes?: number;
  /** A 200 answer whose chunked body never ends. */
  endlessBody?: boolean;
  /**
   * Answers a byte at a time, one every `intervalMs`, and never finishes: the
   * status line and headers too (`headers`), or only the body after them.
   */
  trickle?: { intervalMs: number; headers?: boolean };
  /** Compresses every answer so, whatever the request's Accept-Encoding. */
  compress?: 'gzip' | 'deflate';
  /** A 200 gzip answer that decodes to this many bytes (a small body on the wire). */
  gzipBombBytes?: number;
}

export interface OddService {
  /** The base URL the client is given, e.g. http://127.0.0.1:PORT/api/v2 (or the host root). */
  baseUrl: string;
  origin: string;
  requests: OddRequest[];
  set(oddities: Oddities): void;
  reset(): void;
  close(): Promise<void>;
}

/** The items array of a listing answer (the one array member beside pageInfo). */
export function listingKey(body: Json): string | undefined {
  if (!body || typeof body !== 'object' || !body.pageInfo) return undefined;
  return Object.keys(body).find((key) => Array.isArray(body[key]));
}

function spaces(total: number, prefix: string): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Readable({
    read() {
      if (sent === 0) {
        sent = prefix.length;
        this.push(prefix);
        return;
      }
      if (sent >= total) return void this.push(null);
      const size = Math.min(chunk.length, total - sent);
      sent += size;
      this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
    },
  });
}

/** `upstream`: the reference service's base URL (ending in /api/v2). */
export async function startOddService(upstream: string, initial: Oddities = {}): Promise<OddService> {
  let odd: Oddities = { ...initial };
  const requests: OddRequest[] = [];
  const upstreamUrl = new URL(upstream);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://odd.invalid');
    const prefix = odd.prefix ?? API_BASE_PATH;
    if (!url.pathname.startsWith(`${prefix}/`) || url.pathname.startsWith('//')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no such path: ${url.pathname}`);
      return;
    }
    for (const [key, value] of Object.entries(odd.requireQuery ?? {}))
      if (url.searchParams.get(key) !== value) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end(`missing ${key}`);
        return;
      }
    if (odd.refuseToken) {
      const body = { error: { code: 'UNAUTHENTICATED', message: 'the token is not known to this service' } };
      res
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' })
        .end(JSON.stringify(body));
      return;
    }
    if (odd.answer) {
      res.writeHead(odd.answer.status, odd.answer.headers).end(odd.answer.body ?? '');
      return;
    }
    if (odd.trickle) {
      const { intervalMs, headers } = odd.trickle;
      const head = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
      let text = '{"checkIns":[' + ' '.repeat(1 << 20);
      if (headers) text = head + text;
      else res.writeHead(200, { 'content-type': 'application/json' }).flushHeaders();
      const socket = req.socket;
      let at = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || at >= text.length) return clearInterval(timer);
        // A chunk of one byte each time (the raw socket when even the headers trickle).
        if (headers) socket.write(at < head.length ? text[at]! : `1\r\n${text[at]!}\r\n`);
        else res.write(text[at]!);
        at++;
      }, intervalMs);
      socket.once('close', () => clearInterval(timer));
      return;
    }
    if (odd.endlessBody) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      res.write('{"checkIns":[');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
      return;
    }
    if (odd.hugeBodyBytes !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(odd.hugeBodyBytes) });
      spaces(odd.hugeBodyBytes, '{"checkIns":[').pipe(res);
      return;
    }
    if (odd.gzipBombBytes !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      spaces(odd.gzipBombBytes, '{"checkIns":[')
        .pipe(createGzip({ level: 9 }))
        .pipe(res);
      return;
    }

    const path = url.pathname.slice(prefix.length);
    for (const key of Object.keys(odd.requireQuery ?? {})) url.searchParams.delete(key);
    if (odd.forcedLimit?.path.test(path) && req.method === 'GET')
      url.searchParams.set('limit', String(odd.forcedLimit.limit));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await request(`${upstreamUrl.origin}${upstreamUrl.pathname}${path}${url.search}`, {
      method: req.method as 'GET',
      headers: {
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        ...(req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {}),
      },
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    let text = await answer.body.text();
    if (answer.statusCode === 200 && text) {
      let body: Json = JSON.parse(text);
      const key = listingKey(body);
      if (key && odd.pageCap !== undefined) body[key] = body[key].slice(0, odd.pageCap);
      if (key && odd.totalCount) body.pageInfo.totalCount = odd.totalCount(body.pageInfo.totalCount);
      if (odd.transform) body = odd.transform(body, { path, query: url.searchParams });
      text = JSON.stringify(body);
    }
    const headers: Record<string, string> = { 'content-type': String(answer.headers['content-type'] ?? 'text/plain') };
    if (odd.compress) {
      res.writeHead(answer.statusCode, { ...headers, 'content-encoding': odd.compress });
      const encoder = odd.compress === 'gzip' ? createGzip() : createDeflate();
      encoder.pipe(res);
      encoder.end(text);
      return;
    }
    res.writeHead(answer.statusCode, headers).end(text);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`odd service failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get baseUrl() {
      const query = new URLSearchParams(odd.requireQuery ?? {}).toString();
      return `${origin}${odd.prefix ?? API_BASE_PATH}${query ? `?${query}` : ''}`;
    },
    origin,
    requests,
    set(oddities) {
      odd = { ...odd, ...oddities };
    },
    reset() {
      odd = { ...initial };
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
