/**
 * Helpers for the outbox integration tests: temp dirs, a reference service on
 * a database file that outlives it (for restarts), a service in its own
 * process, scripted faults, guests seeded through the interface, a mirror
 * synced from it, and counting API clients that can be pointed elsewhere.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../electron/core/api/client.ts';
import type { RetryPolicy } from '../../../electron/core/api/retry.ts';
import type { Config } from '../../../electron/core/config/config.ts';
import type { Mirror } from '../../../electron/core/db/mirror.ts';
import { createOutbox, type OutboxDeps } from '../../../electron/core/outbox/outbox.ts';
import { pullInvitations } from '../../../electron/core/sync/pulls.ts';
import { parseWorld, startService, type RunningService, type WorldInput } from '../../../service/index.ts';
import type { ServiceOptions } from '../../../service/index.ts';
import type { EndpointName } from '../../../shared/api/index.ts';
import { configuredDataDir, onCleanup, tempDir, testConfig as makeConfig } from '../../support/fixtures.ts';
import { call, type CallResult } from '../../support/service.ts';
import { until } from '../../support/until.ts';
import { TEST_TOKEN, testWorld } from '../../support/world.ts';
export { fromNow, HOUR, iso, MINUTE, uid } from '../../support/basics.ts';
import { fromNow, HOUR, uid } from '../../support/basics.ts';

export const FOYER = fileURLToPath(new URL('../../../bin/foyer.mjs', import.meta.url));

/** Quick retries for reads (the outbox itself sends each row once per attempt). */
export const FAST_RETRY: RetryPolicy = { retries: 8, baseDelayMs: 5, maxDelayMs: 50 };
export const NO_RETRY: RetryPolicy = { retries: 0, baseDelayMs: 1, maxDelayMs: 1 };
/** The outbox's own backoff, fast: a failed row is due again within 100 ms. */
export const FAST_OUTBOX_RETRY: RetryPolicy = { retries: Number.POSITIVE_INFINITY, baseDelayMs: 10, maxDelayMs: 100 };

// ---------------------------------------------------------------- set-up and clean-up (test/support/fixtures.ts)

export { cleanup, tempDir, tempMirror, testConfig as makeConfig } from '../../support/fixtures.ts';

// ---------------------------------------------------------------- services

export interface Service extends RunningService {
  dbPath: string;
  call(method: string, path: string, options?: Parameters<typeof call>[3]): Promise<CallResult>;
}

/**
 * The reference service in this process, on a database file in `dir` that is
 * kept when it closes, so that it can be started again on the same data.
 */
export async function startServiceOn(
  dir: string,
  options: Partial<Omit<ServiceOptions, 'world' | 'dbPath'>> & { world?: WorldInput } = {},
): Promise<Service> {
  const dbPath = join(dir, 'service.db');
  const { world, ...rest } = options;
  const service = await startService({
    dbPath,
    host: '127.0.0.1',
    port: 0,
    ...rest,
    world: parseWorld(world ?? testWorld),
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await service.close();
  };
  onCleanup(close);
  return { ...service, dbPath, close, call: (method, path, o) => call(service.baseUrl, method, path, o) };
}

export interface ServiceProcess {
  baseUrl: string;
  dbPath: string;
  child: ChildProcess;
  /** A read-only connection to the service's database (WAL: reads while it runs). */
  db(): Database.Database;
  stop(): Promise<void>;
}

/** `foyer service --world FILE --db FILE --port 0 ...` in its own process. */
export async function spawnService(args: string[] = [], world: WorldInput = testWorld): Promise<ServiceProcess> {
  const dir = tempDir('foyer-svc-proc-');
  const worldPath = join(dir, 'world.json');
  writeFileSync(worldPath, JSON.stringify(world));
  const dbPath = join(dir, 'service.db');
  const child = spawn(
    process.execPath,
    [FOYER, 'service', '--world', worldPath, '--db', dbPath, '--port', '0', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`foyer service exited with ${code}`)));
  });
  let db: Database.Database | undefined;
  const stop = async () => {
    db?.close();
    db = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  onCleanup(stop);
  return {
    baseUrl,
    dbPath,
    child,
    db: () => (db ??= new Database(dbPath, { readonly: true, fileMustExist: true })),
    stop,
  };
}

/** A loopback port that nothing listens on (taken, then freed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type Fault = 'none' | 'unavailable' | 'drop-before' | 'drop-after';

/**
 * A `random` for the reference service (with faultRate 0.5) that gives the
 * next requests exactly the faults queued, and none otherwise.
 */
export function scriptedFaults() {
  const queue: Fault[] = [];
  let kind: number | undefined;
  const KIND: Record<Exclude<Fault, 'none'>, number> = { unavailable: 0.1, 'drop-before': 0.5, 'drop-after': 0.9 };
  return {
    faultRate: 0.5,
    random: () => {
      if (kind !== undefined) {
        const value = kind;
        kind = undefined;
        return value;
      }
      const fault = queue.shift() ?? 'none';
      if (fault === 'none') return 0.99;
      kind = KIND[fault];
      return 0;
    },
    /** The next requests the service receives get these faults, in order. */
    next: (...faults: Fault[]) => void queue.push(...faults),
    pending: () => queue.length,
  };
}

// ---------------------------------------------------------------- guests

export interface SeededGuest {
  id: number;
  sourceId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** PUT with retries, for services with simulated faults: PUTs are idempotent. */
export async function putUntilOk(
  baseUrl: string,
  path: string,
  body: unknown,
  token = TEST_TOKEN,
): Promise<CallResult> {
  let attempt = 0;
  return until(async () => {
    attempt++;
    const res = await call(baseUrl, 'PUT', path, { body, token }).catch((error: unknown) => {
      if (attempt > 50) throw error;
      return undefined;
    });
    if (res && res.status < 500) return res;
    if (attempt > 50) throw new Error(`PUT ${path} kept failing: ${res?.status} ${res?.text}`);
    return undefined;
  }, `PUT ${path} to be taken`);
}

/**
 * One final event at location 10 that is under way (1 h ago to 2 h ahead, or
 * `endsIn` ahead, or from `startsAt` to `endsAt`), with `n` invitations (named
 * `people` when given); returns the guests with their check-in ids, read from
 * the service's own database, in the order of `people`.
 */
export async function seedGuests(
  target: { baseUrl: string; db: Database.Database | (() => Database.Database) },
  n: number,
  options: {
    eventSourceId?: string;
    eventName?: string;
    prefix?: string;
    token?: string;
    now?: () => number;
    endsIn?: number;
    /** When the event starts and ends (ms), in place of an hour ago and `endsIn` ahead. */
    startsAt?: number;
    endsAt?: number;
    /** The guests' names (and companies, addresses), in place of Guest0, Guest1, ... */
    people?: readonly { firstName: string; lastName: string; companyName?: string; email?: string }[];
  } = {},
): Promise<{ eventSourceId: string; guests: SeededGuest[] }> {
  const eventSourceId = options.eventSourceId ?? uid('ev');
  const prefix = options.prefix ?? uid('g');
  const invitations = Array.from({ length: n }, (_, i) => ({
    sourceId: `${prefix}-inv-${i}`,
    email: `${prefix}-${i}@example.test`,
    firstName: `Guest${i}`,
    lastName: `${prefix}-Last${i}`,
    ...options.people?.[i],
  }));
  const endsIn = options.endsIn ?? 2 * HOUR;
  const event = {
    sourceId: eventSourceId,
    name: options.eventName ?? `Event ${eventSourceId}`,
    // From an hour ago to two hours ahead, by the test's clock when it has one.
    startsAt:
      options.startsAt !== undefined
        ? new Date(options.startsAt).toISOString()
        : options.now
          ? new Date(options.now() - HOUR).toISOString()
          : fromNow(-HOUR),
    endsAt:
      options.endsAt !== undefined
        ? new Date(options.endsAt).toISOString()
        : options.now
          ? new Date(options.now() + endsIn).toISOString()
          : fromNow(endsIn),
    locationId: 10,
    invitations,
  };
  const res = await putUntilOk(target.baseUrl, '/events', { events: [event] }, options.token);
  expect(res.status, res.text).toBe(200);
  expect(res.body.events[0].status, res.text).toBe('SUCCESS');
  const db = typeof target.db === 'function' ? target.db() : target.db;
  const ids = new Map(
    (
      db
        .prepare(
          'SELECT i.source_id AS sourceId, i.id FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.source_id = ?',
        )
        .all(eventSourceId) as { sourceId: string; id: number }[]
    ).map((r) => [r.sourceId, r.id]),
  );
  return {
    eventSourceId,
    guests: invitations.map((inv) => ({ ...inv, id: ids.get(inv.sourceId)! })),
  };
}

/** The check-in state at the service, from its database. */
export function serviceState(db: Database.Database, id: number): string | undefined {
  return db.prepare('SELECT state FROM check_ins WHERE id = ?').pluck().get(id) as string | undefined;
}

// ---------------------------------------------------------------- client side

export interface CountingClient {
  api: ApiClient;
  requests: EndpointName[];
  count(endpoint?: EndpointName): number;
  /** Called before each HTTP request is sent. */
  onRequest?: (endpoint: EndpointName) => void;
}

export function countingClient(
  baseUrl: string,
  options: Partial<Omit<ApiClientOptions, 'baseUrl' | 'onRequest'>> = {},
): CountingClient {
  const client: CountingClient = {
    api: undefined as unknown as ApiClient,
    requests: [],
    count: (endpoint) => (endpoint ? client.requests.filter((r) => r === endpoint).length : client.requests.length),
  };
  client.api = createApiClient({
    baseUrl,
    token: TEST_TOKEN,
    timeoutMs: 10_000,
    retry: FAST_RETRY,
    ...options,
    onRequest: (endpoint) => {
      client.requests.push(endpoint);
      client.onRequest?.(endpoint);
    },
  });
  onCleanup(() => client.api.close());
  return client;
}

/** An API client whose target can be switched (the service moved to another port). */
export function switchableApi(initial: ApiClient): { api: ApiClient; use(next: ApiClient): void } {
  let current = initial;
  return {
    api: {
      get baseUrl() {
        return current.baseUrl;
      },
      call: ((endpoint, request, options) => current.call(endpoint, request, options)) as ApiClient['call'],
      close: () => current.close(),
    },
    use: (next) => void (current = next),
  };
}

/** Pulls the location's invitations in full into the mirror (retrying a faulty service). */
export async function syncMirror(mirror: Mirror, api: ApiClient, config: Config = makeConfig()): Promise<void> {
  let attempt = 0;
  await until(
    async () => {
      attempt++;
      try {
        return (await pullInvitations({ mirror, api, config, now: Date.now }, 'full')).complete;
      } catch (error) {
        if (attempt > 20) throw error;
        return false;
      }
    },
    'a full pull of the invitations',
    { every: 20 },
  );
}

export function outboxFor(mirror: Mirror, api: ApiClient, extra: Partial<OutboxDeps> = {}) {
  return createOutbox({ mirror, api, config: () => makeConfig(), retry: FAST_OUTBOX_RETRY, ...extra });
}

/** Delivers until nothing is open, as the engine's timer would. */
export async function deliverAll(outbox: ReturnType<typeof createOutbox>, limit = 2_000): Promise<number> {
  let rounds = 0;
  await until(
    async () => {
      if (rounds >= limit) throw new Error(`the outbox still had open rows after ${limit} deliveries`);
      rounds++;
      return (await outbox.deliver()).pending === 0;
    },
    () => `the outbox to have no open rows (${rounds} deliveries)`,
    { every: 20, timeout: 60_000 },
  );
  return rounds;
}

/** A data directory whose configuration points at the service, with the test token. */
export function dataDirFor(baseUrl: string, dir = tempDir('foyer-data-'), token = TEST_TOKEN): string {
  return configuredDataDir(baseUrl, { dir, token });
}

/** The identities the service stores for company 1, by sourceId, for comparing services. */
export function serviceIdentities(db: Database.Database): Record<string, unknown>[] {
  return db
    .prepare(
      `SELECT p.source_id AS sourceId, p.email, p.first_name AS firstName, p.last_name AS lastName,
         p.company_name AS companyName, p.custom_fields AS customFields, p.starts_at AS startsAt, p.ends_at AS endsAt,
         p.deleted_at AS deletedAt,
         (SELECT group_concat(ref, ';') FROM (SELECT g.source_id || ':' || a.profile_source_id AS ref
            FROM permanent_identity_access_profiles a JOIN access_profile_groups g ON g.id = a.group_id
            WHERE a.identity_id = p.id ORDER BY ref)) AS accessProfiles
       FROM permanent_identities p WHERE p.company_id = 1 ORDER BY p.source_id`,
    )
    .all() as Record<string, unknown>[];
}
