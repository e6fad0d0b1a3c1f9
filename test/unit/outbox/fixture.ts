/** The outbox's unit tests' world: a real mirror file, a scripted API client, guests and answers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { PreparedBody, type ApiClient } from '../../../electron/core/api/client.ts';
import { ApiError, type ApiErrorKind } from '../../../electron/core/api/errors.ts';
import { Config } from '../../../electron/core/config/config.ts';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { createOutbox, type DeliverySummary, type Outbox } from '../../../electron/core/outbox/outbox.ts';
import type { CheckIn, PermanentIdentityItem, ReceptionInvitation } from '../../../shared/api/index.ts';
import { HOUR, iso } from '../../../shared/time.ts';

export const START = Date.parse('2032-06-15T09:00:00.000Z');

export interface Call {
  endpoint: string;
  request: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
}
export type Answer = (call: Call) => unknown;

/** An API client that answers from a script; records every call. */
export function scriptedApi(answer: Answer) {
  const calls: Call[] = [];
  const api = {
    baseUrl: 'http://127.0.0.1:1/api/v2',
    call: async (endpoint: string, sent: Call['request']) => {
      // A body the outbox sends as stored JSON text is read back as the object it stands for.
      const request = sent.body instanceof PreparedBody ? { ...sent, body: JSON.parse(sent.body.json) } : sent;
      const call = { endpoint, request };
      calls.push(call);
      return answer(call);
    },
    close: async () => {},
  } as unknown as ApiClient;
  return { api, calls, count: (endpoint: string) => calls.filter((c) => c.endpoint === endpoint).length };
}

export const apiError = (
  kind: ApiErrorKind,
  status: number,
  extra: Partial<{ code: string; retryAfterMs: number }> = {},
) => new ApiError({ kind, status, endpoint: 'test', message: `test: ${status} ${kind}`, ...extra });

export function invitation(id: number, name: string): ReceptionInvitation {
  const stamp = iso(START - 48 * HOUR);
  return {
    id,
    createdAt: stamp,
    updatedAt: stamp,
    event: {
      id: 1,
      name: 'Open day',
      startsAt: iso(START - HOUR),
      endsAt: iso(START + 2 * HOUR),
      locationId: 10,
      hostId: 100,
      createdAt: stamp,
      updatedAt: stamp,
    },
    contact: {
      id: 500 + id,
      firstName: name,
      lastName: 'Guest',
      email: `${name.toLowerCase()}@example.test`,
      createdAt: stamp,
      updatedAt: stamp,
    },
  };
}

/** What the service answers to a transition. */
export const checkIn = (id: number, state: string, extra: Partial<CheckIn> = {}): CheckIn => ({
  id,
  state,
  arrivedAt: iso(START),
  accessControl: { pin: '123456' },
  ...extra,
});

let dir: string;
/** The test's mirror: a fresh file for every test (useMirror). */
export let mirror: Mirror;
export const config = Config.parse({ locationId: 10, companyId: 1 });

/** A fresh mirror file with three invited guests before each test of the file, removed after it. */
/** The test files' clock: START when each test begins; a test moves it (clock.now += 60_000). */
export const clock = { now: START };

export function useMirror(): void {
  beforeEach(() => {
    clock.now = START;
    dir = mkdtempSync(join(tmpdir(), 'foyer-outbox-unit-'));
    mirror = openMirror(join(dir, 'mirror.db'));
    mirror.transaction(() =>
      mirror.invitations.upsertMany([invitation(1, 'Ada'), invitation(2, 'Bea'), invitation(3, 'Cy')]),
    );
  });
  afterEach(() => {
    mirror.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

/** The outbox on the test's mirror, answered by `answer`, on the test file's clock. */
export function makeOutbox(
  answer: Answer,
  now: () => number,
  random = () => 0.5,
): { outbox: Outbox } & ReturnType<typeof scriptedApi> {
  const scripted = scriptedApi(answer);
  return {
    ...scripted,
    outbox: createOutbox({
      mirror,
      api: scripted.api,
      config: () => config,
      now,
      random,
      retry: { retries: Number.POSITIVE_INFINITY, baseDelayMs: 1000, maxDelayMs: 8000 },
    }),
  };
}

/** The outbox on the test's mirror and clock, answered by `answer`. */
export const outbox = (answer: Answer, random?: () => number) => makeOutbox(answer, () => clock.now, random);

export const rows = () => mirror.outbox.newest(1000).reverse();
export const guest = (id: number) => mirror.guests.byId(id, config.flow)!;

/** Answers transitions as a well-behaved service does, identities and events with SUCCESS per item. */
export const service: Answer = ({ endpoint, request }) => {
  const body = request.body as Record<string, unknown[]> & { eventName?: string; checkIn?: { id: number } };
  switch (endpoint) {
    case 'transitionCheckIn': {
      const to = { CHECK_IN: 'CHECKED_IN', CHECK_OUT: 'CHECKED_OUT', UNDO_CHECK_IN: 'EXPECTED' }[body.eventName!]!;
      return checkIn(body.checkIn!.id, to);
    }
    case 'syncPermanentIdentities':
      return {
        permanentIdentities: (body.permanentIdentities as PermanentIdentityItem[]).map((i) => ({
          status: 'SUCCESS',
          sourceId: i.sourceId ?? null,
          email: i.email ?? null,
          unknownAccessProfiles: [],
        })),
      };
    case 'syncEvents':
      return {
        events: (body.events as { sourceId: string }[]).map((e) => ({ sourceId: e.sourceId, status: 'SUCCESS' })),
      };
    case 'uploadAccessProfiles':
      return undefined;
    case 'listCheckIns':
      return { checkIns: [], pageInfo: { totalCount: 0 } };
  }
  throw new Error(`unexpected ${endpoint}`);
};

export const identities = (n: number, prefix = 'id'): PermanentIdentityItem[] =>
  Array.from({ length: n }, (_, i) => ({
    sourceId: `${prefix}-${i}`,
    email: `${prefix}.${i}@example.test`,
    firstName: `N${i}`,
  }));

/** A delivery round's summary: what it counted, the rest nothing. */
export const counted = (counts: Partial<DeliverySummary>): DeliverySummary => ({
  delivered: 0,
  failed: 0,
  pending: 0,
  unauthorized: false,
  unreachable: false,
  ...counts,
});
