/**
 * Paging against the reference service at the maximum page sizes (50
 * invitations, 500 check-ins, 50 employees), and a listing that changes
 * while it is walked.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ListingMemo,
  pullCheckIns,
  pullEmployees,
  pullGroups,
  pullInvitations,
  syncWindow,
} from '../../../electron/core/sync/pulls.ts';
import type { WorldInput } from '../../../service/world.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { testWorld } from '../../support/world.ts';
import {
  cleanup,
  context,
  countingClient,
  eventItem,
  fromNow,
  HOUR,
  interceptCalls,
  invitationItems,
  makeConfig,
  mirrorCount,
  mirrorInvitationIds,
  putEvents,
  serviceInvitationIds,
  serviceListedIds,
  tempMirror,
} from './helpers.ts';

afterEach(async () => {
  await cleanup();
});

describe('invitations in pages of 50', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('walks 3+ pages and stores every invitation once', async () => {
    // 140 invitations spread over 7 events, so that pages cut across events.
    const events = Array.from({ length: 7 }, (_, i) =>
      eventItem({ startsAt: fromNow(-HOUR + i * 60_000), invitations: invitationItems(20) }),
    );
    await putEvents(svc, events);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const config = makeConfig();
    const progress: { pagesDone: number; pagesTotal: number }[] = [];
    const result = await pullInvitations(
      context(mirror, client.api, config, { onProgress: (p) => progress.push(p) }),
      'full',
    );
    expect(result).toMatchObject({ received: 140, pages: 3, complete: true });
    expect(client.count('listInvitations')).toBe(3);
    expect(mirrorInvitationIds(mirror)).toEqual(
      events.flatMap((e) => serviceInvitationIds(svc, e.sourceId as string)).sort((a, b) => a - b),
    );
    expect(mirrorCount(mirror, 'events')).toBe(7);
    expect(progress.map((p) => p.pagesTotal)).toEqual([3, 3, 3]);
    expect(progress.map((p) => p.pagesDone).sort()).toEqual([1, 2, 3]);

    // A second full pull of the same listing changes nothing and removes nothing.
    const again = await pullInvitations(context(mirror, client.api, config), 'full');
    expect(again).toMatchObject({ received: 140, removed: 0, complete: true });
    expect(mirrorCount(mirror, 'invitations')).toBe(140);
  });
});

describe('check-ins in pages of 500', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('pulls 503 check-ins in 2 pages', async () => {
    const event = eventItem({ invitations: invitationItems(503) });
    await putEvents(svc, [event]);
    const ids = serviceInvitationIds(svc, event.sourceId as string);
    expect(ids).toHaveLength(503);
    // The event is under way, so CHECK_IN is allowed; a few at a time.
    for (let i = 0; i < ids.length; i += 25)
      await Promise.all(
        ids.slice(i, i + 25).map(async (id) => {
          const res = await svc.call('POST', '/check-ins/transitions', {
            body: { eventName: 'CHECK_IN', checkIn: { id } },
          });
          expect(res.status, res.text).toBe(200);
        }),
      );
    // Two of them have left already.
    for (const id of ids.slice(0, 2)) {
      const res = await svc.call('POST', '/check-ins/transitions', {
        body: { eventName: 'CHECK_OUT', checkIn: { id } },
      });
      expect(res.status, res.text).toBe(200);
    }

    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const result = await pullCheckIns(context(mirror, client.api, makeConfig()));
    expect(result).toMatchObject({ received: 503, pages: 2, complete: true, removed: 0 });
    expect(client.count('listCheckIns')).toBe(2);
    expect(mirror.db.prepare('SELECT id FROM check_ins ORDER BY id').pluck().all()).toEqual(ids);
    const states = mirror.db.prepare('SELECT state, count(*) AS n FROM check_ins GROUP BY state ORDER BY state').all();
    expect(states).toEqual([
      { state: 'CHECKED_IN', n: 501 },
      { state: 'CHECKED_OUT', n: 2 },
    ]);
    const sample = mirror.db.prepare('SELECT * FROM check_ins WHERE id = ?').get(ids[10]) as Record<string, string>;
    expect(sample.location_id).toBe(10);
    expect(sample.arrived_at).toBeTruthy();
    expect(JSON.parse(sample.access_control!).pin).toMatch(/^\d{6}$/);
    expect(JSON.parse(sample.legitimation!).sourceId).toBe((event.invitations as { sourceId: string }[])[10]!.sourceId);

    // An undone check-in is no longer listed. The guest was on site, so one listing is not
    // believed: the removal is held, and the next listing that agrees removes it.
    const undo = await svc.call('POST', '/check-ins/transitions', {
      body: { eventName: 'UNDO_CHECK_IN', checkIn: { id: ids[5] } },
    });
    expect(undo.status, undo.text).toBe(200);
    const second = await pullCheckIns(context(mirror, client.api, makeConfig()));
    expect(second).toMatchObject({ received: 502, removed: 0 });
    expect(second.warnings).toEqual([
      expect.objectContaining({ kind: 'held', message: expect.stringContaining(String(ids[5])) }),
    ]);
    expect(mirrorCount(mirror, 'check_ins')).toBe(503);
    const third = await pullCheckIns(context(mirror, client.api, makeConfig()));
    expect(third).toMatchObject({ received: 502, removed: 1, warnings: [] });
    expect(mirrorCount(mirror, 'check_ins')).toBe(502);
  });

  it('a page the same as when this process last applied it is neither parsed nor written again', async () => {
    const event = eventItem({ invitations: invitationItems(30) });
    await putEvents(svc, [event]);
    const ids = serviceInvitationIds(svc, event.sourceId as string);
    const transition = async (eventName: string, id: number) => {
      const res = await svc.call('POST', '/check-ins/transitions', { body: { eventName, checkIn: { id } } });
      expect(res.status, res.text).toBe(200);
    };
    for (const id of ids.slice(0, 10)) await transition('CHECK_IN', id);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const listings: ListingMemo = new Map();
    const pull = () => pullCheckIns(context(mirror, client.api, makeConfig(), { listings }));
    // Rows written, the desk's change log aside (one entry per written guest row, by trigger).
    const written = () =>
      (mirror.db.prepare('SELECT total_changes()').pluck().get() as number) -
      (mirror.db.prepare('SELECT count(*) FROM guest_changes').pluck().get() as number);
    const all = (await pull()).received;
    expect(all).toBeGreaterThanOrEqual(10);
    const answers = () => [...listings.get('checkIns:10')!.values()].map((p) => p.answer);
    const first = answers();
    expect(first.length).toBeGreaterThan(0);

    // Nothing changed: everything received again, nothing parsed again (the same answer), nothing written.
    let before = written();
    expect(await pull()).toMatchObject({ received: all, removed: 0 });
    expect(written() - before).toBe(1); // the sync_state row only
    expect(answers()).toEqual(first);
    answers().forEach((answer, i) => expect(answer).toBe(first[i]));

    // One guest leaves, another arrives, a third is undone: exactly those are written.
    await transition('CHECK_OUT', ids[0]!);
    await transition('CHECK_IN', ids[10]!);
    await transition('UNDO_CHECK_IN', ids[1]!);
    before = written();
    expect(await pull()).toMatchObject({ received: all, removed: 0 });
    // The page is applied again; the upsert writes only the rows that differ.
    expect(written() - before).toBe(2 + 1 + 1); // two upserts, the held removal, sync_state
    expect(answers().some((answer, i) => answer !== first[i])).toBe(true);
    const state = (id: number) => mirror.db.prepare('SELECT state FROM check_ins WHERE id = ?').pluck().get(id);
    expect([state(ids[0]!), state(ids[1]!), state(ids[10]!)]).toEqual(['CHECKED_OUT', 'CHECKED_IN', 'CHECKED_IN']);
    // The undone guest was on site: removed when the next listing agrees, the page not parsed again.
    before = written();
    expect(await pull()).toMatchObject({ received: all, removed: 1 });
    expect(written() - before).toBe(1 + 1 + 1); // the removal, the held list cleared, sync_state
    expect(state(ids[1]!)).toBeUndefined();

    // A row deleted behind the pull's back (retention) is not written again while it is unchanged.
    mirror.db.prepare('DELETE FROM check_ins WHERE id = ?').run(ids[2]!);
    await pull();
    expect(state(ids[2]!)).toBeUndefined();
    // Without what was applied (a new process), every row is written again.
    await pullCheckIns(context(mirror, client.api, makeConfig()));
    expect(state(ids[2]!)).toBe('CHECKED_IN');

    // A pull that fails leaves nothing remembered: the next one applies every page.
    await pull();
    expect(listings.get('checkIns:10')?.size).toBeGreaterThan(0);
    const failing = interceptCalls(client.api, () => {
      throw new Error('the network went away');
    });
    await expect(pullCheckIns(context(mirror, failing, makeConfig(), { listings }))).rejects.toThrow('network');
    expect(listings.has('checkIns:10')).toBe(false);
  });
});

describe('employees in pages of 50', () => {
  let svc: TestService;
  const world: WorldInput = structuredClone(testWorld);
  // Ids 100 and 101 stay (the default hosts); 118 more make 120.
  world.companies[0]!.employees = world.companies[0]!.employees.slice(0, 2).concat(
    Array.from({ length: 118 }, (_, i) => ({
      id: 1000 + i,
      email: `employee${String(i).padStart(3, '0')}@acme.test`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
    })),
  );
  beforeAll(async () => {
    svc = await startTestService({ world });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('pulls 120 employees in 3 pages, and the mapped groups', async () => {
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const ctx = context(mirror, client.api, makeConfig());
    const result = await pullEmployees(ctx);
    expect(result).toMatchObject({ received: 120, pages: 3, complete: true });
    expect(client.count('listEmployees')).toBe(3);
    expect(mirror.employees.count()).toBe(120);
    expect(mirror.employees.byId(1117)).toEqual({
      id: 1117,
      email: 'employee117@acme.test',
      firstName: 'First117',
      lastName: 'Last117',
    });
    expect(mirror.employees.byId(100)?.lastName).toBe('Lovelace');
    expect(mirror.syncState.get('employees:1')?.lastFullAt).toBeTruthy();

    const groups = await pullGroups(ctx);
    expect(groups).toMatchObject({ received: 2, pages: 1 });
    expect(mirror.groups.all()).toEqual([
      { sourceId: 'berlin-doors', name: 'Berlin doors', locationId: 10, locationName: 'Berlin HQ' },
      { sourceId: 'hamburg-doors', name: 'Hamburg doors', locationId: 11, locationName: 'Hamburg' },
    ]);
  });
});

describe('a listing that changes during the walk', () => {
  let svc: TestService;
  beforeEach(async () => {
    svc = await startTestService();
  });
  afterEach(async () => {
    await svc?.close();
  });

  it.each([1, 4])(
    'ends with every invitation when an event is added between pages (concurrency %i)',
    async (concurrency) => {
      await putEvents(svc, [eventItem({ invitations: invitationItems(120) })]);
      const mirror = tempMirror();
      const client = countingClient(svc.baseUrl);
      // Before the 2nd request, an event starting earlier than all others is added:
      // it sorts first and shifts every later offset by 3.
      const early = eventItem({ startsAt: fromNow(-2 * HOUR), invitations: invitationItems(3) });
      const api = interceptCalls(client.api, async (n) => {
        if (n === 2) await putEvents(svc, [early]);
      });
      const config = makeConfig();
      const result = await pullInvitations(context(mirror, api, config, { concurrency }), 'full');
      expect(result.complete).toBe(true);
      // The walk started again: more pages than one listing of 123 needs.
      expect(result.pages).toBeGreaterThan(3);
      const { from, to } = syncWindow(config, Date.now());
      const listed = serviceListedIds(svc, 10, from, to);
      expect(listed).toHaveLength(123);
      expect(mirrorInvitationIds(mirror)).toEqual(listed);
      for (const id of serviceInvitationIds(svc, early.sourceId as string)) expect(listed).toContain(id);
    },
  );

  it('keeps the invitations of an event that moves to the front between pages (totalCount unchanged)', async () => {
    const first = eventItem({ invitations: invitationItems(110) });
    const late = eventItem({ startsAt: fromNow(HOUR), endsAt: fromNow(3 * HOUR), invitations: invitationItems(10) });
    await putEvents(svc, [first, late]);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const config = makeConfig();
    await pullInvitations(context(mirror, client.api, config), 'full');
    expect(mirrorCount(mirror, 'invitations')).toBe(120);

    // Before page 2, the late event is moved to start before all others: the listing keeps
    // its 120 invitations, but every later offset now points 10 items further back.
    const api = interceptCalls(client.api, async (n) => {
      if (n === 2) await putEvents(svc, [{ sourceId: late.sourceId, startsAt: fromNow(-2 * HOUR) }]);
    });
    const result = await pullInvitations(context(mirror, api, config, { concurrency: 1 }), 'full');
    const { from, to } = syncWindow(config, Date.now());
    const listed = serviceListedIds(svc, 10, from, to);
    expect(listed).toHaveLength(120);
    // Whatever the walk did, it must not remove invitations the service still lists.
    expect({ removed: result.removed, ids: mirrorInvitationIds(mirror) }).toEqual({ removed: 0, ids: listed });
  });
});
