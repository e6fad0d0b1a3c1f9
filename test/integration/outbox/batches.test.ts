/**
 * Pushes through the outbox against the reference service: an events row the
 * service finds too large (413) is split and its results kept in request
 * order; identities and profiles arrive as queued, per-item results included.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventSyncItem } from '../../../shared/api/index.ts';
import { countByStatus, itemResults } from '../../../electron/core/outbox/report.ts';
import {
  cleanup,
  countingClient,
  fromNow,
  HOUR,
  outboxFor,
  startServiceOn,
  tempDir,
  tempMirror,
  uid,
} from './helpers.ts';

afterEach(cleanup);

function events(n: number): EventSyncItem[] {
  const prefix = uid('split');
  return Array.from({ length: n }, (_, i) => ({
    sourceId: `${prefix}-${i}`,
    name: `Split event ${i}`,
    startsAt: fromNow(HOUR),
    endsAt: fromNow(2 * HOUR),
    locationId: i % 2 === 0 ? 10 : 11,
    invitations: [{ sourceId: `inv-${i}`, email: `split.${prefix}.${i}@example.test`, firstName: `G${i}` }],
  }));
}

describe('413: an events row too large for one request', () => {
  it('150 events in one row: split until accepted, 150 results in request order', async () => {
    const svc = await startServiceOn(tempDir('foyer-svc-'));
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const outbox = outboxFor(mirror, client.api);
    const items = events(150);
    // As an older version, or another tool, might have queued it: one row over the service's limit of 100.
    const id = mirror.outbox.add({
      kind: 'events',
      target: 'events',
      payload: { events: items },
      label: '150 events in one row',
      now: new Date().toISOString(),
    });

    const summary = await outbox.deliver();
    expect(summary).toEqual({ delivered: 1, failed: 0, pending: 0, unauthorized: false, unreachable: false });
    const row = mirror.outbox.byId(id)!;
    expect(row.state).toBe('delivered');
    const results = JSON.parse(row.result!).events as { sourceId: string; status: string }[];
    expect(results).toHaveLength(150);
    expect(results.map((r) => r.sourceId)).toEqual(items.map((e) => e.sourceId));
    expect(results.every((r) => r.status === 'SUCCESS')).toBe(true);
    // The refused request of 150, then at least two smaller ones.
    expect(client.count('syncEvents')).toBeGreaterThanOrEqual(3);
    expect(
      svc.db
        .prepare('SELECT count(*) FROM events WHERE source_id LIKE ?')
        .pluck()
        .get(`${items[0]!.sourceId.slice(0, -2)}%`),
    ).toBe(150);
    expect(countByStatus(itemResults(row))).toEqual({ SUCCESS: 150 });
  });

  it('a single event over the body limit fails the row (it cannot be split)', async () => {
    const svc = await startServiceOn(tempDir('foyer-svc-'));
    const mirror = tempMirror();
    const outbox = outboxFor(mirror, countingClient(svc.baseUrl).api);
    const [big] = events(1);
    const id = mirror.outbox.add({
      kind: 'events',
      target: 'events',
      payload: { events: [{ ...big, description: 'x'.repeat(6 * 1024 * 1024) }] },
      label: 'one huge event',
      now: new Date().toISOString(),
    });
    expect((await outbox.deliver()).failed).toBe(1);
    expect(mirror.outbox.byId(id)!.lastError).toContain('413');
  });
});

describe('pushes with per-item results', () => {
  it('queued events are delivered with a result per event, INVALID ones named', async () => {
    const svc = await startServiceOn(tempDir('foyer-svc-'));
    const mirror = tempMirror();
    const outbox = outboxFor(mirror, countingClient(svc.baseUrl).api);
    const items = events(3);
    items[1] = { sourceId: items[1]!.sourceId, name: 'no dates, no location' };
    const queued = outbox.queueEvents(items, {
      source: 'events.csv',
      label: 'events from events.csv',
      lines: [2, 3, 5],
    });
    await outbox.deliver();
    const results = mirror.outbox.inBatch(queued.batchId).flatMap(itemResults);
    expect(results.map((r) => [r.line, r.sourceId, r.status])).toEqual([
      [2, items[0]!.sourceId, 'SUCCESS'],
      [3, items[1]!.sourceId, 'INVALID'],
      [5, items[2]!.sourceId, 'SUCCESS'],
    ]);
    expect(results[1]!.message).toBeTruthy();
  });

  it('identities naming unknown access profiles: SUCCESS, with the unknown ones listed', async () => {
    const world = structuredClone((await import('../../support/world.ts')).testWorld);
    world.companies[0]!.accessProfileGroups = world.companies[0]!.accessProfileGroups!.map((g) =>
      g.sourceId === 'berlin-doors' ? { ...g, accessProfiles: [{ sourceId: 'main', name: 'Main' }] } : g,
    );
    const svc = await startServiceOn(tempDir('foyer-svc-'), { world });
    const mirror = tempMirror();
    const outbox = outboxFor(mirror, countingClient(svc.baseUrl).api);
    const queued = outbox.queueIdentities(
      [
        { sourceId: 'ap-1', accessProfiles: [{ accessProfileGroupSourceId: 'berlin-doors', sourceId: 'main' }] },
        { sourceId: 'ap-2', accessProfiles: [{ accessProfileGroupSourceId: 'berlin-doors', sourceId: 'roof' }] },
      ],
      { source: null, label: 'ids', lines: [2, 3] },
    );
    await outbox.deliver();
    const results = mirror.outbox.inBatch(queued.batchId).flatMap(itemResults);
    expect(results.map((r) => [r.line, r.status, r.unknownAccessProfiles])).toEqual([
      [2, 'SUCCESS', null],
      [3, 'SUCCESS', 'berlin-doors:roof'],
    ]);
  });

  it('a profiles upload replaces the group set at the service', async () => {
    const svc = await startServiceOn(tempDir('foyer-svc-'));
    const mirror = tempMirror();
    const outbox = outboxFor(mirror, countingClient(svc.baseUrl).api);
    outbox.queueProfiles(
      'berlin-doors',
      [
        { sourceId: 'a', name: 'A' },
        { sourceId: 'b', name: 'B', description: 'bee' },
      ],
      {
        source: null,
        label: 'p1',
      },
    );
    outbox.queueProfiles('berlin-doors', [{ sourceId: 'b', name: 'B2' }], { source: null, label: 'p2' });
    await outbox.deliver();
    expect(outbox.counts().delivered).toBe(2);
    const stored = svc.db
      .prepare(
        `SELECT p.source_id AS sourceId, p.name, p.description FROM access_profiles p
         JOIN access_profile_groups g ON g.id = p.group_id WHERE g.source_id = 'berlin-doors' ORDER BY p.source_id`,
      )
      .all();
    expect(stored).toEqual([{ sourceId: 'b', name: 'B2', description: null }]);
  });
});
