/**
 * Check-in passes that stay bounded as a site's history grows: between full
 * walks, a pass reads the recent end of the listing and the pages of older
 * guests still on site, checked against the ids known at each offset. Small
 * pages (a service that gives 20 per page) stand in for a long history.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mirror } from '../../../electron/core/db/mirror.ts';
import {
  CHECK_IN_PASS_REQUESTS,
  type CheckInListing,
  type ListingMemo,
  pullCheckIns,
} from '../../../electron/core/sync/pulls.ts';
import { startOddService, type OddService } from '../../support/odd-service.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import {
  cleanup,
  context,
  countingClient,
  type CountingClient,
  DAY,
  eventItem,
  invitationItems,
  iso,
  makeConfig,
  putEvents,
  serviceInvitationIds,
  tempMirror,
} from './helpers.ts';

const PAGE = 20;
let svc: TestService;
let odd: OddService;
let ids: number[];

const transition = async (eventName: string, id: number) => {
  const res = await svc.call('POST', '/check-ins/transitions', { body: { eventName, checkIn: { id } } });
  expect(res.status, res.text).toBe(200);
};

beforeAll(async () => {
  svc = await startTestService();
  odd = await startOddService(svc.baseUrl, { pageCap: PAGE });
}, 60_000);
afterAll(async () => {
  await odd?.close();
  await svc?.close();
});

/** A fresh event of 130 guests: 100 came and left, 10 are still on site, 20 are expected. */
beforeEach(async () => {
  const event = eventItem({ invitations: invitationItems(130) });
  await putEvents(svc, [event]);
  ids = serviceInvitationIds(svc, event.sourceId as string);
  for (let i = 0; i < 110; i += 22)
    await Promise.all(ids.slice(i, Math.min(110, i + 22)).map((id) => transition('CHECK_IN', id)));
  // Guests 0..9 left long ago (past the retention period), 10..99 left lately, 100..109 are on site,
  // and 40 is an older guest still on site.
  svc.db
    .prepare(`UPDATE check_ins SET state = 'CHECKED_OUT', left_at = ? WHERE id IN (SELECT value FROM json_each(?))`)
    .run(iso(Date.now() - 60 * DAY), JSON.stringify(ids.slice(0, 10)));
  for (const id of ids.slice(10, 100)) if (id !== ids[40]) await transition('CHECK_OUT', id);
}, 60_000);
afterEach(async () => {
  svc.db.prepare(`UPDATE check_ins SET state = 'CANCELLED' WHERE state IN ('CHECKED_IN', 'CHECKED_OUT')`).run();
  odd.requests.length = 0;
  await cleanup();
});

interface Site {
  mirror: Mirror;
  client: CountingClient;
  pass: () => ReturnType<typeof pullCheckIns>;
  written: () => number;
  state: (id: number) => unknown;
}

/** A client that has read the whole listing once, as at start. */
async function site(now = Date.now): Promise<Site> {
  const mirror = tempMirror();
  const client = countingClient(odd.baseUrl);
  const listings: ListingMemo = new Map();
  const checkInListings = new Map<string, CheckInListing>();
  const pass = () => pullCheckIns(context(mirror, client.api, makeConfig(), { listings, checkInListings, now }));
  const first = await pass();
  expect(first.complete).toBe(true);
  client.requests.length = 0;
  return {
    mirror,
    client,
    pass,
    written: () => mirror.db.prepare('SELECT total_changes()').pluck().get() as number,
    state: (id) => mirror.db.prepare('SELECT state FROM check_ins WHERE id = ?').pluck().get(id),
  };
}

describe('bounded check-in passes', () => {
  it('nothing changed: at most 3 requests, nothing written but the sync state, long-gone guests not fetched', async () => {
    const s = await site();
    expect(s.state(ids[0]!)).toBeUndefined(); // past retention: never written
    for (let i = 0; i < 3; i++) {
      const before = s.written();
      const result = await s.pass();
      expect(result.complete).toBe(true);
      expect(s.client.count('listCheckIns')).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);
      expect(s.written() - before).toBe(1);
      // The first page (the guests who left long ago) is not read by a pass.
      const offsets = odd.requests.slice(-s.client.count('listCheckIns')).map((r) => new URL(r.url, odd.origin));
      expect(offsets.map((u) => u.searchParams.get('offset'))).not.toContain('0');
      s.client.requests.length = 0;
    }
    expect(s.state(ids[0]!)).toBeUndefined();
  });

  it('a new check-in and a change to a recent one appear within one pass', async () => {
    const s = await site();
    await transition('CHECK_IN', ids[120]!);
    await transition('CHECK_OUT', ids[105]!);
    await s.pass();
    expect(s.client.count('listCheckIns')).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);
    expect([s.state(ids[120]!), s.state(ids[105]!)]).toEqual(['CHECKED_IN', 'CHECKED_OUT']);
  });

  it('an older guest on site who leaves is seen within a few passes, without a full walk', async () => {
    const s = await site();
    await transition('CHECK_OUT', ids[40]!);
    let passes = 0;
    while (s.state(ids[40]!) !== 'CHECKED_OUT' && passes < 5) {
      await s.pass();
      passes++;
      expect(s.client.count('listCheckIns')).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS * passes);
    }
    expect(s.state(ids[40]!)).toBe('CHECKED_OUT');
    expect(passes).toBeLessThanOrEqual(2);
  });

  it('a check-in undone further back shifts the offsets: the pass reads the whole listing at once', async () => {
    const s = await site();
    await transition('UNDO_CHECK_IN', ids[40]!);
    const result = await s.pass();
    // Every page read again (the first one too), and the undone guest's removal held for a second listing.
    expect(s.client.count('listCheckIns')).toBeGreaterThan(CHECK_IN_PASS_REQUESTS);
    expect(result.warnings).toEqual([expect.objectContaining({ kind: 'held' })]);
    await s.pass();
    expect(s.state(ids[40]!)).toBeUndefined();
  });

  it('the whole listing is read again when the full interval has passed', async () => {
    let now = Date.now();
    const s = await site(() => now);
    await s.pass();
    expect(s.client.count('listCheckIns')).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);
    s.client.requests.length = 0;
    now += makeConfig().intervals.fullSeconds * 1000;
    await s.pass();
    expect(s.client.count('listCheckIns')).toBeGreaterThanOrEqual(Math.ceil(110 / PAGE));
  });
});
