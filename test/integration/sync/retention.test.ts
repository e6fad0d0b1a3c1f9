/**
 * Retention: purgeExpired on a mirror filled by hand with a fake clock, and
 * pullCheckIns against the reference service with its own movable clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckIn, ReceptionInvitation } from '../../../shared/api/index.ts';
import { pullCheckIns, purgeExpired } from '../../../electron/core/sync/pulls.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import {
  cleanup,
  context,
  countingClient,
  DAY,
  eventItem,
  HOUR,
  invitationItems,
  iso,
  makeConfig,
  mirrorInvitationIds,
  putEvents,
  serviceInvitationIds,
  tempMirror,
} from './helpers.ts';

let svc: TestService | undefined;
afterEach(async () => {
  await cleanup();
  await svc?.close();
  svc = undefined;
});

const NOW = Date.parse('2031-03-01T12:00:00.000Z');

function invitation(id: number, eventId: number, contactId: number, endsAt: string): ReceptionInvitation {
  const stamp = iso(NOW - 90 * DAY);
  return {
    id,
    createdAt: stamp,
    updatedAt: stamp,
    event: {
      id: eventId,
      name: `Event ${eventId}`,
      startsAt: iso(Date.parse(endsAt) - HOUR),
      endsAt,
      locationId: 10,
      hostId: 100,
      createdAt: stamp,
      updatedAt: stamp,
    },
    contact: { id: contactId, lastName: `Contact ${contactId}`, createdAt: stamp, updatedAt: stamp },
  };
}

const checkIn = (id: number, arrivedAt: string, leftAt?: string): CheckIn => ({
  id,
  state: leftAt ? 'CHECKED_OUT' : 'CHECKED_IN',
  arrivedAt,
  ...(leftAt ? { leftAt } : {}),
});

describe('purgeExpired', () => {
  it('removes what ended or left before now - retentionDays, and orphans; keeps the rest', async () => {
    const mirror = tempMirror();
    const config = makeConfig({ retentionDays: 30 });
    const cutoff = NOW - 30 * DAY;
    mirror.transaction(() => {
      mirror.invitations.upsertMany([
        invitation(1, 100, 1000, iso(cutoff - DAY)), // ended before the cutoff: purged
        invitation(2, 100, 1001, iso(cutoff - DAY)), // same old event: purged, and so is the event
        invitation(3, 101, 1002, iso(cutoff + DAY)), // ended after the cutoff: kept
        invitation(4, 102, 1000, iso(NOW + DAY)), // upcoming, shares contact 1000 with invitation 1: kept
        invitation(5, 103, 1003, iso(cutoff - 1)), // just before the cutoff: purged
      ]);
      mirror.checkIns.upsertMany(
        [
          checkIn(1, iso(cutoff - DAY - HOUR), iso(cutoff - DAY)), // of a purged invitation
          checkIn(3, iso(cutoff + DAY - HOUR), iso(cutoff + DAY)), // left after the cutoff: kept
          checkIn(50, iso(cutoff - 3 * DAY), iso(cutoff - 2 * DAY)), // orphan that left long ago: purged
          checkIn(51, iso(NOW - 2 * DAY), iso(NOW - DAY)), // orphan that left recently: kept
        ],
        10,
      );
    });

    const purged = purgeExpired(mirror, config, NOW);
    expect(purged).toEqual({ invitations: 3, checkIns: 2 });
    expect(mirrorInvitationIds(mirror)).toEqual([3, 4]);
    expect(mirror.db.prepare('SELECT id FROM check_ins ORDER BY id').pluck().all()).toEqual([3, 51]);
    expect(mirror.db.prepare('SELECT id FROM events ORDER BY id').pluck().all()).toEqual([101, 102]);
    expect(mirror.db.prepare('SELECT id FROM contacts ORDER BY id').pluck().all()).toEqual([1000, 1002]);
    // The lookup index follows: a purged contact is no longer found.
    const found = mirror.db.prepare("SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH 'contact'").pluck().all();
    expect(found.sort()).toEqual([1000, 1002]);

    // Purging again finds nothing more.
    expect(purgeExpired(mirror, config, NOW)).toEqual({ invitations: 0, checkIns: 0 });
  });

  it('compares timestamps with an offset as instants, not as text', async () => {
    const mirror = tempMirror();
    const config = makeConfig({ retentionDays: 30 });
    const cutoff = NOW - 30 * DAY;
    // Six hours after the cutoff, written in UTC-10:00: as text it sorts before the cutoff.
    const after = new Date(cutoff + 6 * HOUR - 10 * HOUR).toISOString().replace('Z', '-10:00');
    expect(Date.parse(after)).toBe(cutoff + 6 * HOUR);
    mirror.transaction(() => mirror.invitations.upsertMany([invitation(7, 107, 1007, after)]));
    purgeExpired(mirror, config, NOW);
    expect(mirrorInvitationIds(mirror)).toEqual([7]);
  });
});

describe('pullCheckIns and retention', () => {
  it('does not store check-ins that left before the retention cutoff', async () => {
    const clock = { now: Date.now() };
    svc = await startTestService({ now: () => clock.now });
    const start = clock.now;
    const event = eventItem({
      startsAt: iso(start - HOUR),
      endsAt: iso(start + 20 * DAY),
      invitations: invitationItems(3),
    });
    await putEvents(svc, [event]);
    const [early, late, stays] = serviceInvitationIds(svc, event.sourceId as string) as [number, number, number];
    const move = async (id: number, eventName: string) => {
      const res = await svc!.call('POST', '/check-ins/transitions', { body: { eventName, checkIn: { id } } });
      expect(res.status, res.text).toBe(200);
    };
    for (const id of [early, late, stays]) await move(id, 'CHECK_IN');
    await move(early, 'CHECK_OUT'); // left at `start`
    clock.now = start + 10 * DAY;
    await move(late, 'CHECK_OUT'); // left 10 days later
    // `stays` arrived at `start` and is still on site.

    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const config = makeConfig({ retentionDays: 30 });
    // 35 days after `start`, the cutoff is `start` + 5 days: `early` left before it, `late` after.
    const result = await pullCheckIns(context(mirror, client.api, config, { now: () => start + 35 * DAY }));
    expect(result.received).toBe(3);
    const stored = mirror.db.prepare('SELECT id FROM check_ins ORDER BY id').pluck().all();
    expect(stored).not.toContain(early);
    expect(stored).toContain(late);
    // (`stays`, still on site but arrived before the cutoff, is dropped too: the code treats
    // arrival as the age of a check-in that has not left. Not asserted either way here.)

    // With the real clock, all three are kept.
    const fresh = tempMirror();
    await pullCheckIns(context(fresh, client.api, config, { now: () => start + DAY }));
    expect(fresh.db.prepare('SELECT id FROM check_ins ORDER BY id').pluck().all()).toEqual([early, late, stays]);
  });
});
