/**
 * Helpers for the sync tests: temp dirs and mirrors that clean up after
 * themselves, configurations, API clients that count their requests, pull
 * contexts, and the few service calls the tests make (push events, read the
 * service's own view of a listing).
 */
import { expect } from 'vitest';
import type { EndpointName } from '../../../shared/api/index.ts';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../electron/core/api/client.ts';
import type { ApiError } from '../../../electron/core/api/errors.ts';
import type { RetryPolicy } from '../../../electron/core/api/retry.ts';
import type { Config } from '../../../electron/core/config/config.ts';
import type { Mirror } from '../../../electron/core/db/mirror.ts';
import type { PullContext } from '../../../electron/core/sync/pulls.ts';
import { onCleanup } from '../../support/fixtures.ts';
import type { TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';
export { DAY, eventItem, fromNow, HOUR, iso, type Item, MINUTE, uid } from '../../support/basics.ts';
import { type Item, uid } from '../../support/basics.ts';

/** Small delays, so that retried tests stay quick. */
export const FAST_RETRY: RetryPolicy = { retries: 8, baseDelayMs: 5, maxDelayMs: 50 };
export const NO_RETRY: RetryPolicy = { retries: 0, baseDelayMs: 1, maxDelayMs: 1 };

// ---------------------------------------------------------------- set-up and clean-up (test/support/fixtures.ts)

export { cleanup, tempDir, tempMirror, testConfig as makeConfig } from '../../support/fixtures.ts';

export interface CountingClient {
  api: ApiClient;
  /** Every HTTP request sent, retries included, in order. */
  requests: EndpointName[];
  /** Every retry, with the delay chosen. */
  retries: { error: ApiError; delayMs: number }[];
  count(endpoint?: EndpointName): number;
}

export function countingClient(
  baseUrl: string,
  options: Partial<Omit<ApiClientOptions, 'baseUrl' | 'onRequest' | 'onRetry'>> = {},
): CountingClient {
  const requests: EndpointName[] = [];
  const retries: { error: ApiError; delayMs: number }[] = [];
  const api = createApiClient({
    baseUrl,
    token: TEST_TOKEN,
    timeoutMs: 10_000,
    retry: FAST_RETRY,
    ...options,
    onRequest: (endpoint) => void requests.push(endpoint),
    onRetry: (error, delayMs) => void retries.push({ error, delayMs }),
  });
  onCleanup(() => api.close());
  return {
    api,
    requests,
    retries,
    count: (endpoint) => (endpoint ? requests.filter((r) => r === endpoint).length : requests.length),
  };
}

/** Wraps a client: `before(n)` runs (and is awaited) before the n-th call (1-based) is passed on. */
export function interceptCalls(api: ApiClient, before: (n: number) => Promise<void> | void): ApiClient {
  let n = 0;
  const call = (async (endpoint, request, options) => {
    n += 1;
    await before(n);
    return api.call(endpoint, request, options);
  }) as ApiClient['call'];
  return { baseUrl: api.baseUrl, call, close: () => api.close() };
}

export function context(
  mirror: Mirror,
  api: ApiClient,
  config: Config,
  extra: Partial<Omit<PullContext, 'mirror' | 'api' | 'config'>> = {},
): PullContext {
  return { mirror, api, config, now: Date.now, ...extra };
}

// ---------------------------------------------------------------- service side

export function invitationItems(n: number, overrides: (i: number) => Item = () => ({})): Item[] {
  return Array.from({ length: n }, (_, i) => ({
    sourceId: uid('inv'),
    email: `${uid('guest')}@example.test`,
    firstName: `Guest${i}`,
    lastName: uid('Last'),
    ...overrides(i),
  }));
}

/** PUT /events in batches of 100, expecting SUCCESS for every item. */
export async function putEvents(svc: TestService, events: Item[]): Promise<void> {
  for (let i = 0; i < events.length; i += 100) {
    const batch = events.slice(i, i + 100);
    const res = await svc.call('PUT', '/events', { body: { events: batch } });
    expect(res.status, res.text).toBe(200);
    expect(
      (res.body.events as { status: string }[]).map((r) => r.status),
      res.text,
    ).toEqual(batch.map(() => 'SUCCESS'));
  }
}

/** Ids of the invitations the service lists for the location and window, from its own database. */
export function serviceListedIds(svc: TestService, locationId: number, from: string, to: string): number[] {
  return svc.db
    .prepare(
      `SELECT id FROM invitations WHERE location_id = ? AND listed = 1 AND event_starts_at < ? AND event_ends_at > ?
       ORDER BY id`,
    )
    .pluck()
    .all(locationId, to, from) as number[];
}

/** Stored invitation ids of an event, by the event's sourceId (including unlisted ones). */
export function serviceInvitationIds(svc: TestService, eventSourceId: string): number[] {
  return svc.db
    .prepare(`SELECT i.id FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.source_id = ? ORDER BY i.id`)
    .pluck()
    .all(eventSourceId) as number[];
}

/** The stored id of one invitation, by the sourceIds of its event and itself. */
export function serviceInvitationId(svc: TestService, eventSourceId: string, invitationSourceId: string): number {
  return svc.db
    .prepare(
      'SELECT i.id FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.source_id = ? AND i.source_id = ?',
    )
    .pluck()
    .get(eventSourceId, invitationSourceId) as number;
}

// ---------------------------------------------------------------- mirror side

export function mirrorInvitationIds(mirror: Mirror): number[] {
  return mirror.db.prepare('SELECT id FROM invitations ORDER BY id').pluck().all() as number[];
}

export function mirrorCount(mirror: Mirror, table: string): number {
  return mirror.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
}

/** Every row of every mirror table, for "unchanged" checks. */
export function mirrorSnapshot(mirror: Mirror): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    'events',
    'contacts',
    'invitations',
    'check_ins',
    'employees',
    'access_profile_groups',
    'sync_state',
  ])
    out[table] = mirror.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
  return out;
}
