/**
 * Rows outlive upgrades: a row queued by an older Foyer (or damaged on disk)
 * whose payload this version cannot read fails alone, with a reason naming its
 * kind and what is wrong, and the rows after it are delivered to the service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mirror } from '../../../electron/core/db/mirror.ts';
import { itemResults } from '../../../electron/core/outbox/report.ts';
import type { PermanentIdentityItem } from '../../../shared/api/index.ts';
import {
  cleanup,
  countingClient,
  deliverAll,
  outboxFor,
  seedGuests,
  serviceIdentities,
  serviceState,
  startServiceOn,
  syncMirror,
  tempDir,
  tempMirror,
} from './helpers.ts';

afterEach(cleanup);

async function setUp(guests: number) {
  const svc = await startServiceOn(tempDir('foyer-svc-'));
  const seeded = await seedGuests(svc, guests);
  const mirror = tempMirror();
  const client = countingClient(svc.baseUrl);
  await syncMirror(mirror, client.api);
  return { svc, guests: seeded.guests, mirror, client, outbox: outboxFor(mirror, client.api) };
}

/** What an older Foyer (or a damaged disk) left in a row: written under the outbox's feet. */
const overwritePayload = (mirror: Mirror, id: number, payload: string) =>
  mirror.db.prepare('UPDATE outbox SET payload = ? WHERE id = ?').run(payload, id);

const identities = (n: number): PermanentIdentityItem[] =>
  Array.from({ length: n }, (_, i) => ({
    sourceId: `old-${String(i).padStart(3, '0')}`,
    email: `old.${i}@example.test`,
    firstName: `Old${i}`,
  }));

describe('a row of an older or unknown shape', () => {
  it('fails alone with its reason; the next rows of its push and of other targets are delivered', async () => {
    const { svc, guests, mirror, client, outbox } = await setUp(2);
    const [kept, broken] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const push = outbox.queueIdentities(identities(450), { source: 'people.csv', label: 'identities' });
    expect(push.outboxIds).toHaveLength(3);
    const brokenCheckIn = outbox.queueTransition(broken.id, 'checkIn', 'kiosk');
    const brokenCheckOut = outbox.queueTransition(broken.id, 'checkOut', 'desk');
    outbox.queueTransition(kept.id, 'checkIn', 'kiosk');
    const profiles = outbox.queueProfiles('berlin-doors', [{ sourceId: 'main', name: 'Main door' }], {
      source: null,
      label: 'profiles',
    });

    // The middle identities request in an older envelope, a check-in as an older version wrote it,
    // and a profile upload whose text was cut short on disk.
    const middle = push.outboxIds[1]!;
    overwritePayload(mirror, middle, JSON.stringify({ identities: identities(2) }));
    overwritePayload(
      mirror,
      brokenCheckIn.outboxId,
      JSON.stringify({ checkIn: { id: broken.id }, eventName: 'CHECK_IN' }),
    );
    overwritePayload(mirror, profiles.outboxIds[0]!, '{"groupSourceId":"berlin-doors","accessProf');

    await deliverAll(outbox);

    // The broken rows failed, each saying its kind and what is wrong; nothing of them was sent.
    const byId = (id: number) => mirror.outbox.byId(id)!;
    expect(byId(middle)).toMatchObject({ state: 'failed', attempts: 0 });
    expect(byId(middle).lastError).toMatch(/^identities outbox item of a shape .*permanentIdentities/);
    expect(byId(brokenCheckIn.outboxId)).toMatchObject({ state: 'failed', attempts: 0 });
    expect(byId(brokenCheckIn.outboxId).lastError).toMatch(/^transition outbox item of a shape .*checkInId/);
    expect(byId(profiles.outboxIds[0]!)).toMatchObject({ state: 'failed', attempts: 0 });
    expect(byId(profiles.outboxIds[0]!).lastError).toBe('profiles outbox item: its payload is not JSON');
    expect(client.count('uploadAccessProfiles')).toBe(0);

    // The rest went: the other two identities requests, and the other guest's check-in.
    expect([push.outboxIds[0]!, push.outboxIds[2]!].map((id) => byId(id).state)).toEqual(['delivered', 'delivered']);
    expect(client.count('syncPermanentIdentities')).toBe(2);
    const stored = serviceIdentities(svc.db)
      .map((i) => String(i.sourceId))
      .filter((id) => id.startsWith('old-'));
    expect(stored).toHaveLength(250);
    expect(stored).toContain('old-000');
    expect(stored).toContain('old-449');
    expect(stored).not.toContain('old-200');
    expect(serviceState(svc.db, kept.id)).toBe('CHECKED_IN');
    expect(client.count('transitionCheckIn')).toBe(1);

    // The broken check-in is rolled back as a refused one is: a conflict for the desk, its check-out not sent.
    expect(serviceState(svc.db, broken.id)).not.toBe('CHECKED_IN');
    expect(mirror.guests.byId(broken.id)).toMatchObject({ state: 'EXPECTED', pending: false });
    expect(byId(brokenCheckOut.outboxId)).toMatchObject({ state: 'failed', attempts: 0 });
    expect(mirror.outbox.openConflicts()).toEqual([
      expect.objectContaining({ outboxId: brokenCheckIn.outboxId, checkInId: broken.id, action: null }),
    ]);

    // Tried again by a person, the broken check-in says why it cannot be planned again.
    expect(() => outbox.retry(brokenCheckIn.outboxId)).toThrow(
      /^outbox item \d+ cannot be tried again: transition outbox item of a shape/,
    );

    // The admin's outbox list still reads every row; the broken ones have no items to show.
    expect(mirror.outbox.newest(100).map((row) => itemResults(row).length)).toContain(0);
    expect(itemResults(byId(middle))).toEqual([]);
    // A set that never reached the service is no baseline.
    expect(outbox.lastProfileSet('berlin-doors')).toBeUndefined();
  });
});
