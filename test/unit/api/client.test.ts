/**
 * The API client against small local node:http servers on 127.0.0.1 that
 * misbehave on purpose: one test per error class, retries, cancellation.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiClient, type ApiClientOptions, createApiClient } from '../../../electron/core/api/client.ts';
import { apiErrorOf } from '../../support/api-error.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

interface Local {
  baseUrl: string;
  requests: { method: string; url: string; authorization: string | undefined; body: string }[];
}

const servers: Server[] = [];
const clients: ApiClient[] = [];

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function localServer(handler: Handler): Promise<Local> {
  const requests: Local['requests'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      handler(req, res, requests.length);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/api/v2`, requests };
}

function client(local: Local, options: Partial<ApiClientOptions> = {}) {
  const retries: number[] = [];
  const api = createApiClient({
    baseUrl: local.baseUrl,
    token: 'secret-token',
    timeoutMs: 5_000,
    retry: { retries: 3, baseDelayMs: 5, maxDelayMs: 20 },
    onRetry: (_error, delay) => void retries.push(delay),
    ...options,
  });
  clients.push(api);
  return { api, retries };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const errorBody = (code: string, message: string) => ({ error: { code, message } });

const stamp = '2030-01-01T10:00:00.000Z';
const validInvitation = () => ({
  id: 1,
  createdAt: stamp,
  updatedAt: stamp,
  event: {
    id: 2,
    name: 'Board meeting',
    startsAt: stamp,
    endsAt: '2030-01-01T12:00:00.000Z',
    locationId: 10,
    hostId: 100,
    createdAt: stamp,
    updatedAt: stamp,
  },
  contact: { id: 3, firstName: 'Ada', createdAt: stamp, updatedAt: stamp },
});

const LIST = {
  params: { locationId: 10 },
  query: { endsAfter: '2030-01-01T00:00:00.000Z', beginsBefore: '2030-01-08T00:00:00.000Z', limit: 50, offset: 0 },
} as const;

const TRANSITION = { body: { eventName: 'CHECK_IN', checkIn: { id: 5 } } } as const;

describe('a well-behaved answer', () => {
  it('sends the bearer token and the query, and parses the page', async () => {
    const local = await localServer((_req, res) =>
      json(res, 200, { invitations: [{ ...validInvitation(), extraField: 'kept' }], pageInfo: { totalCount: 1 } }),
    );
    const { api } = client(local);
    const page = await api.call('listInvitations', LIST);
    expect(page.invitations[0]?.event.name).toBe('Board meeting');
    expect((page.invitations[0] as Record<string, unknown>).extraField).toBe('kept');
    const sent = local.requests[0]!;
    expect(sent.authorization).toBe('Bearer secret-token');
    const url = new URL(sent.url, 'http://x');
    expect(url.pathname).toBe('/api/v2/locations/10/invitations');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      endsAfter: LIST.query.endsAfter,
      beginsBefore: LIST.query.beginsBefore,
      limit: '50',
      offset: '0',
    });
  });

  it('returns undefined for a 204', async () => {
    const local = await localServer((_req, res) => void res.writeHead(204).end());
    const { api } = client(local);
    const result = await api.call('uploadAccessProfiles', {
      params: { sourceId: 'berlin-doors' },
      body: { accessProfiles: [{ sourceId: 'p1', name: 'Front door' }] },
    });
    expect(result).toBeUndefined();
    expect(local.requests[0]?.method).toBe('PUT');
    expect(JSON.parse(local.requests[0]!.body)).toEqual({ accessProfiles: [{ sourceId: 'p1', name: 'Front door' }] });
  });
});

describe('an answer seen before', () => {
  it('the same text gives back the previous answer unparsed; a different text is parsed', async () => {
    let name = 'Board meeting';
    const local = await localServer((_req, res) =>
      json(res, 200, {
        invitations: [{ ...validInvitation(), event: { ...validInvitation().event, name } }],
        pageInfo: { totalCount: 1 },
      }),
    );
    const { api } = client(local);
    const hashes: string[] = [];
    const onHash = (hash: string) => void hashes.push(hash);
    const first = await api.call('listInvitations', LIST, { onHash });
    const previous = { hash: hashes[0]!, answer: first };
    expect(await api.call('listInvitations', LIST, { previous, onHash })).toBe(first);
    expect(hashes[1]).toBe(hashes[0]);

    name = 'Renamed';
    const third = await api.call('listInvitations', LIST, { previous, onHash });
    expect(third).not.toBe(first);
    expect(third.invitations[0]?.event.name).toBe('Renamed');
    expect(hashes[2]).not.toBe(hashes[0]);
  });

  it('an answer that does not match the interface is refused even when a previous answer is given', async () => {
    const local = await localServer((_req, res) =>
      json(res, 200, { invitations: 'nope', pageInfo: { totalCount: 1 } }),
    );
    const { api } = client(local);
    const error = await apiErrorOf(api.call('listInvitations', LIST, { previous: { hash: 'other', answer: {} } }));
    expect(error.kind).toBe('invalid_response');
  });
});

describe('error classes', () => {
  it('garbage JSON is invalid_response, not retried', async () => {
    const local = await localServer((_req, res) => json(res, 200, '{"invitations": [oops'));
    const error = await apiErrorOf(client(local).api.call('listInvitations', LIST));
    expect(error.kind).toBe('invalid_response');
    expect(error.transient).toBe(false);
    expect(error.message).toContain('not JSON');
    expect(local.requests).toHaveLength(1);
  });

  it('JSON of the wrong shape is invalid_response naming the field path', async () => {
    const local = await localServer((_req, res) => json(res, 200, { invitations: [], pageInfo: { totalCount: 'x' } }));
    const error = await apiErrorOf(client(local).api.call('listInvitations', LIST));
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toContain('pageInfo.totalCount');
    expect(error.details.map((d) => d.path)).toEqual(['pageInfo.totalCount']);
    expect(local.requests).toHaveLength(1);
  });

  it('a record of a listing that the shape refuses is set aside with its id and field; the others are kept', async () => {
    const bad = { ...validInvitation(), id: 7 };
    bad.event = { ...bad.event, startsAt: 'yesterday' };
    const good = { ...validInvitation(), id: 8 };
    const local = await localServer((_req, res) =>
      json(res, 200, { invitations: [bad, good], pageInfo: { totalCount: 2 } }),
    );
    const page = await client(local).api.call('listInvitations', LIST);
    expect(page.invitations.map((i) => i.id)).toEqual([8]);
    expect(page.received).toBe(2);
    expect(page.rejected).toEqual([{ id: 7, problem: expect.stringContaining('event.startsAt') }]);
  });

  it('a destroyed socket is network, and retried', async () => {
    const local = await localServer((req) => req.socket.destroy());
    const { api, retries } = client(local);
    const error = await apiErrorOf(api.call('listInvitations', LIST));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.transient).toBe(true);
    expect(local.requests).toHaveLength(4);
    expect(retries).toHaveLength(3);
  });

  it('a refused connection is network', async () => {
    const local = await localServer(() => {});
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const error = await apiErrorOf(
      client(local, { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } }).api.call('listInvitations', LIST),
    );
    expect(error.kind).toBe('network');
  });

  it('no answer within timeoutMs is timeout', async () => {
    const local = await localServer(() => {}); // never answers
    const { api } = client(local, { timeoutMs: 200, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
    const error = await apiErrorOf(api.call('listInvitations', LIST));
    expect(error.kind).toBe('timeout');
    expect(error.transient).toBe(true);
    expect(error.message).toContain('200 ms');
  });

  it('401 is unauthorized, with exactly one request', async () => {
    const local = await localServer((_req, res) =>
      json(res, 401, errorBody('UNAUTHENTICATED', 'the token is not known'), { 'www-authenticate': 'Bearer' }),
    );
    const error = await apiErrorOf(client(local).api.call('listInvitations', LIST));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, code: 'UNAUTHENTICATED' });
    expect(error.transient).toBe(false);
    expect(local.requests).toHaveLength(1);
  });

  it('404 is not_found, not retried', async () => {
    const local = await localServer((_req, res) =>
      json(res, 404, errorBody('NOT_FOUND', 'location 10 does not exist')),
    );
    const error = await apiErrorOf(client(local).api.call('listInvitations', LIST));
    expect(error).toMatchObject({ kind: 'not_found', status: 404, code: 'NOT_FOUND' });
    expect(error.message).toContain('location 10 does not exist');
    expect(local.requests).toHaveLength(1);
  });

  it('a 400 from the service is validation with its details; an invalid request is refused before sending', async () => {
    const local = await localServer((_req, res) =>
      json(res, 400, {
        error: { code: 'VALIDATION_ERROR', message: 'bad', details: [{ path: 'limit', message: 'too big' }] },
      }),
    );
    const { api } = client(local);
    const error = await apiErrorOf(api.call('listInvitations', LIST));
    expect(error).toMatchObject({ kind: 'validation', status: 400, details: [{ path: 'limit', message: 'too big' }] });
    expect(local.requests).toHaveLength(1);

    const local2 = await localServer((_req, res) => json(res, 200, {}));
    const refused = await apiErrorOf(
      client(local2).api.call('transitionCheckIn', { body: { eventName: '', checkIn: { id: -1 } } }),
    );
    expect(refused.kind).toBe('validation');
    expect(refused.message).toContain('eventName');
    expect(local2.requests).toHaveLength(0);
  });

  it('a 500 is server, retried until the tries run out; a body that is not JSON becomes the message', async () => {
    const local = await localServer(
      (_req, res) => void res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'),
    );
    const error = await apiErrorOf(client(local).api.call('listInvitations', LIST));
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(error.message).toContain('boom');
    expect(local.requests).toHaveLength(4);
  });
});

describe('retries and cancellation', () => {
  it('429 with Retry-After is retried after at least that long', async () => {
    const local = await localServer((_req, res, n) =>
      n === 1
        ? json(res, 429, errorBody('RATE_LIMITED', 'slow down'), { 'retry-after': '1' })
        : json(res, 200, { invitations: [], pageInfo: { totalCount: 0 } }),
    );
    const { api, retries } = client(local);
    const page = await api.call('listInvitations', LIST);
    expect(page.pageInfo.totalCount).toBe(0);
    expect(local.requests).toHaveLength(2);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toBeGreaterThanOrEqual(1000);
  });

  it('an AbortSignal cancels a call in flight with its reason, without retrying', async () => {
    const local = await localServer(() => {}); // never answers
    const controller = new AbortController();
    const reason = new Error('the person closed the window');
    const { api } = client(local, {
      onRequest: () => setImmediate(() => controller.abort(reason)),
    });
    await expect(api.call('listInvitations', LIST, { signal: controller.signal })).rejects.toBe(reason);
    expect(local.requests.length).toBeLessThanOrEqual(1);

    // Already aborted: rejected at once.
    await expect(api.call('listInvitations', LIST, { signal: controller.signal })).rejects.toBe(reason);
  });

  it('POST transitions are not retried after a network error (the service may have applied them)', async () => {
    const local = await localServer((req) => req.socket.destroy());
    const error = await apiErrorOf(client(local).api.call('transitionCheckIn', TRANSITION));
    expect(error.kind).toBe('network');
    expect(local.requests).toHaveLength(1);
  });

  it('POST transitions are not retried after a timeout either', async () => {
    const local = await localServer(() => {});
    const error = await apiErrorOf(client(local, { timeoutMs: 200 }).api.call('transitionCheckIn', TRANSITION));
    expect(error.kind).toBe('timeout');
    expect(local.requests).toHaveLength(1);
  });

  it('POST transitions are retried after a 503 (nothing was applied)', async () => {
    const local = await localServer((_req, res, n) =>
      n === 1
        ? json(res, 503, errorBody('UNAVAILABLE', 'try later'))
        : json(res, 200, { id: 5, state: 'CHECKED_IN', arrivedAt: stamp }),
    );
    const checkIn = await client(local).api.call('transitionCheckIn', TRANSITION);
    expect(checkIn).toMatchObject({ id: 5, state: 'CHECKED_IN' });
    expect(local.requests).toHaveLength(2);
    expect(local.requests.map((r) => JSON.parse(r.body))).toEqual([TRANSITION.body, TRANSITION.body]);
  });
});
