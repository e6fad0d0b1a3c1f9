/**
 * Requests with the path exactly as written (`/%61pp/x`, `//app/x`,
 * `/app/%2e%2e/x`): node's http client sends the path untouched, where a
 * URL object would normalise it. Over HTTPS for a hub (trusting its
 * certificate), from a chosen loopback address, as an attacker's script would.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export interface RawTarget {
  port: number;
  /** The hub's certificate: HTTPS, trusting exactly it. */
  ca?: string;
  localAddress?: string;
}

export function rawRequest(
  target: RawTarget,
  method: string,
  path: string,
  options: { body?: string | Buffer; cookie?: string; headers?: Record<string, string>; readFor?: number } = {},
): Promise<RawAnswer> {
  const send = target.ca ? httpsRequest : httpRequest;
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = send(
      {
        host: '127.0.0.1',
        port: target.port,
        method,
        path,
        ...(target.ca ? { ca: target.ca, servername: 'localhost' } : {}),
        ...(target.localAddress ? { localAddress: target.localAddress } : {}),
        agent: false,
        headers: {
          host: `127.0.0.1:${target.port}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (incoming) => {
        let text = '';
        const done = () => {
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: the test looks at the text
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: parsed, text });
        };
        // An event stream never ends: it is read up to its first event, which a stream sends at once
        // (its role); `readFor` ms only bounds a stream that says nothing, and is not waited otherwise.
        const stream = /^text\/event-stream/.test(incoming.headers['content-type'] ?? '');
        let bound: NodeJS.Timeout | undefined;
        const cut = () => {
          clearTimeout(bound);
          incoming.destroy();
          done();
        };
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
          if (stream && options.readFor !== undefined && /^data: .*\n\n/m.test(text)) cut();
        });
        incoming.on('end', () => {
          clearTimeout(bound);
          done();
        });
        if (options.readFor !== undefined) bound = setTimeout(cut, options.readFor);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Whether a cookie is a host's session cookie: named after its port, `__Host-` over HTTPS. */
export const isSessionCookie = (name: string) => /^(__Host-)?foyer_session_\d+$/.test(name);

/** The name of the session cookie among a device's cookies (there is one: the hub's port's). */
export function sessionCookieIn(cookies: ReadonlyMap<string, string>): string {
  const name = [...cookies.keys()].find(isSessionCookie);
  if (!name) throw new Error(`no session cookie among ${[...cookies.keys()].join(', ')}`);
  return name;
}

/** The session cookie an answer set, as a Cookie header value; undefined when it set none. */
export function setSession(answer: RawAnswer): string | undefined {
  const line = [answer.headers['set-cookie'] ?? []].flat().find((c) => isSessionCookie(c.split('=')[0]!));
  return line?.split(';')[0];
}

/**
 * The ways to write `/app/<operation>` that a router decodes to it: each
 * letter of "app" percent-encoded, in either case, and the operation's own letters.
 */
export function encodedOperationPaths(operation: string): string[] {
  const [first, ...rest] = operation;
  return [
    `/%61pp/${operation}`,
    `/ap%70/${operation}`,
    `/a%70%70/${operation}`,
    `/%61%70%70/${operation}`,
    `/app/%${first!.charCodeAt(0).toString(16)}${rest.join('')}`,
    `/app/${operation.replace('.', '%2E')}`,
    `/app/${operation}?x=1`,
    `/%61pp/${operation}?x=%2F..`,
  ];
}

/** Odd spellings of `/app/<operation>` that a router does not take for it: each must reach nothing. */
export function oddOperationPaths(operation: string): string[] {
  return [
    `//app/${operation}`,
    `/app//${operation}`,
    `/APP/${operation}`,
    `/App/${operation}`,
    `/app/${operation}/`,
    `/app/./${operation}`,
    `/./app/${operation}`,
    `/app/%2e%2e/app/${operation}`,
    `/app/..%2fapp%2f${operation}`,
    `/x/../app/${operation}`,
    `/%2561pp/${operation}`,
    `/app%2F${operation}`,
    `/app;x/${operation}`,
    `/app/${operation};x`,
    `/app/${operation}%00`,
    `/app/${operation.toUpperCase()}`,
  ];
}
