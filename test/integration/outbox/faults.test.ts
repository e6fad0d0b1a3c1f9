/**
 * Convergence under faults: the same work (400 identities, 20 transitions)
 * delivered to a service that fails 30 % of requests (503, connections dropped
 * before or after applying) and answers after 200 ms, and to a clean service;
 * both end with the same stored state, every outbox row delivered, none failed.
 * Both services run in their own processes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PermanentIdentityItem } from '../../../shared/api/index.ts';
import {
  cleanup,
  countingClient,
  deliverAll,
  FAST_OUTBOX_RETRY,
  outboxFor,
  seedGuests,
  serviceIdentities,
  spawnService,
  syncMirror,
  tempMirror,
  type ServiceProcess,
} from './helpers.ts';

afterAll(cleanup);

const IDENTITIES: PermanentIdentityItem[] = Array.from({ length: 400 }, (_, i) => ({
  sourceId: `conv-${String(i).padStart(3, '0')}`,
  email: `conv.${i}@example.test`,
  firstName: `First${i}`,
  lastName: `Last${i}`,
  companyName: i % 2 === 0 ? 'Even Ltd' : 'Odd GmbH',
  startsAt: '2026-01-01T00:00:00.000Z',
  customFields: { n: i },
  accessProfiles: [{ accessProfileGroupSourceId: 'berlin-doors', sourceId: i % 3 === 0 ? 'nope' : 'x' }],
}));
// The same identity again later in the push: its last version must win.
IDENTITIES[399] = { sourceId: 'conv-000', lastName: 'Changed' };

const GUESTS = 14;
const CHECK_OUTS = 6;

/** Runs the whole workload against one service; returns what the service then stores. */
async function workload(service: ServiceProcess) {
  const { guests } = await seedGuests({ baseUrl: service.baseUrl, db: service.db }, GUESTS, {
    eventSourceId: 'convergence-event',
    prefix: 'conv',
  });
  const mirror = tempMirror();
  const client = countingClient(service.baseUrl, { retry: { retries: 8, baseDelayMs: 10, maxDelayMs: 100 } });
  await syncMirror(mirror, client.api);
  const outbox = outboxFor(mirror, client.api, { retry: FAST_OUTBOX_RETRY });
  outbox.queueIdentities(IDENTITIES, { source: null, label: 'convergence' });
  for (const guest of guests) outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
  for (const guest of guests.slice(0, CHECK_OUTS)) outbox.queueTransition(guest.id, 'checkOut', 'desk');

  const rounds = await deliverAll(outbox);
  const db = service.db();
  const checkIns = db
    .prepare(
      `SELECT i.source_id AS invitation, k.state, k.arrived_at IS NOT NULL AS arrived, k.left_at IS NOT NULL AS left,
         json_extract(k.access_control, '$.pin') IS NOT NULL AS pin
       FROM check_ins k JOIN invitations i ON i.id = k.id ORDER BY i.source_id`,
    )
    .all();
  const pins = guests.map((g) => ({
    mirror: mirror.db
      .prepare("SELECT json_extract(access_control, '$.pin') FROM check_ins WHERE id = ?")
      .pluck()
      .get(g.id),
    service: db.prepare("SELECT json_extract(access_control, '$.pin') FROM check_ins WHERE id = ?").pluck().get(g.id),
  }));
  return {
    rounds,
    requests: client.count(),
    counts: outbox.counts(),
    conflicts: mirror.outbox.openConflicts(),
    identities: serviceIdentities(db),
    checkIns,
    pins,
    guests: guests.map((g) => mirror.guests.byId(g.id)!).map((g) => [g.state, g.pending]),
  };
}

describe('convergence under faults', () => {
  it('faultRate 0.3 and 200 ms latency end in the same state as a clean run', async () => {
    const [clean, faulty] = await Promise.all([
      spawnService(),
      spawnService(['--fault-rate', '0.3', '--latency', '200']),
    ]);
    const [expected, actual] = await Promise.all([workload(clean), workload(faulty)]);

    for (const run of [expected, actual]) {
      expect(run.counts).toEqual({ pending: 0, sending: 0, delivered: 2 + GUESTS + CHECK_OUTS, failed: 0 });
      expect(run.conflicts).toEqual([]);
      for (const pin of run.pins) expect(pin.mirror).toBe(pin.service);
      expect(run.guests).toEqual(
        Array.from({ length: GUESTS }, (_, i) => [i < CHECK_OUTS ? 'CHECKED_OUT' : 'CHECKED_IN', false]),
      );
    }
    expect(actual.identities).toHaveLength(399);
    expect(actual.identities.find((i) => i.sourceId === 'conv-000')).toMatchObject({
      lastName: 'Changed',
      firstName: 'First0',
    });
    expect(actual.identities).toEqual(expected.identities);
    expect(actual.checkIns).toEqual(expected.checkIns);
    // The faults were real: more requests and more delivery rounds than the clean run needed.
    expect(actual.requests).toBeGreaterThan(expected.requests);
    expect(expected.rounds).toBe(1);
  }, 120_000);
});
