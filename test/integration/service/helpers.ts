/**
 * Small helpers for the service integration tests: unique ids, timestamps,
 * error-body assertions, snapshots of the stored state, and the few calls
 * most tests make (push events, list invitations, transition a check-in).
 */
import { expect } from 'vitest';
import { ErrorBody, type ReceptionInvitation } from '../../../shared/api/index.ts';
import type { CallResult, TestService } from '../../support/service.ts';
import type { WorldInput } from '../../../service/world.ts';
import { TEST_TOKEN, testWorld } from '../../support/world.ts';
export { DAY, eventItem, fromNow, HOUR, iso, type Item, MINUTE, uid } from '../../support/basics.ts';
import { DAY, eventItem, type Item, uid } from '../../support/basics.ts';

export const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
let weeks = 0;
/** The start of a far-future week of its own, so window queries only see one test's events. */
export function freshWeek(): number {
  weeks += 1;
  return Date.UTC(2040, 0, 1) + weeks * 7 * DAY;
}

// ---------------------------------------------------------------- errors

/** Status, code, and the error body shape of docs/interface.md "Errors". */
export function expectError(res: CallResult, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(ErrorBody.safeParse(res.body).success, `error body shape: ${res.text}`).toBe(true);
  expect(res.body.error.code, res.text).toBe(code);
  expect(res.body.error.message.length, res.text).toBeGreaterThan(0);
}

/** A 400 VALIDATION_ERROR whose details name each of `names` (in their path or message). */
export function expectValidationError(res: CallResult, ...names: string[]): void {
  expectError(res, 400, 'VALIDATION_ERROR');
  const details: { path: string; message: string }[] = res.body.error.details ?? [];
  for (const name of names)
    expect(
      details.some((d) => d.path.includes(name) || d.message.includes(name)),
      `details should name "${name}": ${res.text}`,
    ).toBe(true);
}

// ---------------------------------------------------------------- stored state

const MUTABLE_TABLES = [
  'events',
  'event_access_profiles',
  'contacts',
  'invitations',
  'check_ins',
  'permanent_identities',
  'permanent_identity_access_profiles',
  'access_profiles',
] as const;

/** Every row of every table the interface can change. */
export function snapshot(svc: TestService): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const table of MUTABLE_TABLES)
    out[table] = (svc.db.prepare(`SELECT * FROM ${table}`).all() as unknown[]).map((r) => JSON.stringify(r)).sort();
  return out;
}

/** Runs `action` and checks that nothing stored changed. */
export async function expectNothingStored(svc: TestService, action: () => Promise<CallResult>): Promise<CallResult> {
  const before = snapshot(svc);
  const res = await action();
  expect(snapshot(svc), `stored state changed after: ${res.status} ${res.text.slice(0, 300)}`).toEqual(before);
  return res;
}

export function count(svc: TestService, sql: string, ...params: unknown[]): number {
  return svc.db
    .prepare(sql)
    .pluck()
    .get(...params) as number;
}

// ---------------------------------------------------------------- events

export interface SyncResult {
  sourceId?: string | null;
  email?: string | null;
  status: string;
  message?: string | null;
  unknownAccessProfiles?: { accessProfileGroupSourceId: string; sourceId: string }[] | null;
}

export function invitationItem(overrides: Item = {}): Item {
  return {
    sourceId: uid('inv'),
    email: `${uid('guest')}@example.test`,
    firstName: 'Gina',
    lastName: 'Guest',
    ...overrides,
  };
}

export function putEvents(svc: TestService, events: unknown[], token: string = TEST_TOKEN): Promise<CallResult> {
  return svc.call('PUT', '/events', { token, body: { events } });
}

/** PUT /events, expecting 200 and one result per item. */
export async function syncEvents(svc: TestService, events: Item[], token: string = TEST_TOKEN): Promise<SyncResult[]> {
  const res = await putEvents(svc, events, token);
  expect(res.status, res.text).toBe(200);
  expect(res.body.events, res.text).toHaveLength(events.length);
  return res.body.events;
}

/** PUT /events, expecting every item to be a SUCCESS. */
export async function syncOk(svc: TestService, events: Item[], token: string = TEST_TOKEN): Promise<void> {
  const results = await syncEvents(svc, events, token);
  expect(
    results.map((r) => r.status),
    JSON.stringify(results),
  ).toEqual(events.map(() => 'SUCCESS'));
}

/** An INVALID or CONFLICT result carries a non-empty message explaining why. */
export function expectRejected(result: SyncResult | undefined, status: 'INVALID' | 'CONFLICT'): void {
  expect(result?.status, JSON.stringify(result)).toBe(status);
  expect(typeof result?.message === 'string' && result.message.length > 0, JSON.stringify(result)).toBe(true);
}

// ---------------------------------------------------------------- invitations

export const WIDE = { endsAfter: '2000-01-01T00:00:00.000Z', beginsBefore: '2100-01-01T00:00:00.000Z' };

export type Query = Record<string, string | number | boolean | undefined>;

export async function listInvitations(
  svc: TestService,
  locationId: number,
  query: Query,
  token: string = TEST_TOKEN,
): Promise<{ invitations: ReceptionInvitation[]; pageInfo: { totalCount: number } }> {
  const res = await svc.call('GET', `/locations/${locationId}/invitations`, { token, query });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Every page of the invitations list. */
export async function allInvitations(
  svc: TestService,
  locationId: number,
  query: Query = WIDE,
  token: string = TEST_TOKEN,
): Promise<ReceptionInvitation[]> {
  const out: ReceptionInvitation[] = [];
  for (let page = 0; page < 200; page++) {
    const body = await listInvitations(svc, locationId, { ...query, limit: 50, offset: out.length }, token);
    out.push(...body.invitations);
    if (body.invitations.length === 0 || out.length >= body.pageInfo.totalCount) break;
  }
  return out;
}

/** The listed invitations of the event with this (unique) name, by id. */
export async function invitationsOfEvent(
  svc: TestService,
  eventName: string,
  locationId = 10,
  query: Query = WIDE,
  token: string = TEST_TOKEN,
): Promise<ReceptionInvitation[]> {
  const all = await allInvitations(svc, locationId, query, token);
  return all.filter((i) => i.event.name === eventName).sort((a, b) => a.id - b.id);
}

/** The stored id of an invitation, for invitations the list does not show (drafts). */
export function invitationId(svc: TestService, eventSourceId: string, invitationSourceId: string): number {
  return svc.db
    .prepare(
      `SELECT i.id FROM invitations i JOIN events e ON e.id = i.event_id
       WHERE e.source_id = ? AND i.source_id = ?`,
    )
    .pluck()
    .get(eventSourceId, invitationSourceId) as number;
}

// ---------------------------------------------------------------- check-ins

export interface Guest {
  id: number;
  sourceId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Creates one final event with `count` invitations and returns the event item
 * and the guests with their invitation (= check-in) ids.
 */
export async function createGuests(
  svc: TestService,
  { count: n = 1, token = TEST_TOKEN, ...event }: Item & { count?: number; token?: string } = {},
): Promise<{ event: Item; guests: Guest[] }> {
  const invitations = Array.from({ length: n }, (_, i) =>
    invitationItem({ firstName: `Guest${i}`, lastName: uid('Last') }),
  );
  const item = eventItem({ ...event, invitations });
  await syncOk(svc, [item], token);
  const listed = await invitationsOfEvent(svc, item.name as string, item.locationId as number, WIDE, token);
  expect(listed).toHaveLength(n);
  const guests = invitations.map((inv) => {
    const found = listed.find((l) => l.contact.email === inv.email);
    expect(found, `invitation ${String(inv.email)} is listed`).toBeDefined();
    return {
      id: found!.id,
      sourceId: inv.sourceId as string,
      email: inv.email as string,
      firstName: inv.firstName as string,
      lastName: inv.lastName as string,
    };
  });
  return { event: item, guests };
}

export function transition(
  svc: TestService,
  id: number,
  eventName: string,
  token: string = TEST_TOKEN,
): Promise<CallResult> {
  return svc.call('POST', '/check-ins/transitions', { token, body: { eventName, checkIn: { id } } });
}

export function storedState(svc: TestService, id: number): string | undefined {
  return svc.db.prepare('SELECT state FROM check_ins WHERE id = ?').pluck().get(id) as string | undefined;
}

// ---------------------------------------------------------------- worlds

/** A copy of the test world, changed by `change`, for files that need more employees or groups. */
export function extendWorld(change: (world: WorldInput) => void): WorldInput {
  const world = structuredClone(testWorld);
  change(world);
  return world;
}

/** 0..n-1 in a fixed scrambled order, so that stored order and sorted order differ. */
export function scrambled(n: number): number[] {
  return Array.from({ length: n }, (_, i) => (i * 37 + 11) % n);
}
