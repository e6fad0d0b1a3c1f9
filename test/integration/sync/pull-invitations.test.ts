/**
 * Pulling invitations into the mirror against the reference service: full
 * and incremental pulls, the watermark, and reconciliation of what the
 * service no longer lists (deleted, moved, drafts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../../electron/core/sync/engine.ts';
import { pullInvitations, syncWindow } from '../../../electron/core/sync/pulls.ts';
import { clockFrom } from '../../support/clock.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import {
  cleanup,
  context,
  countingClient,
  DAY,
  eventItem,
  fromNow,
  HOUR,
  interceptCalls,
  invitationItems,
  makeConfig,
  mirrorCount,
  mirrorInvitationIds,
  putEvents,
  serviceInvitationId,
  serviceInvitationIds,
  serviceListedIds,
  tempMirror,
  uid,
} from './helpers.ts';

let svc: TestService;
/** The service's clock: moved on, instead of waited for, so that a change gets a later updatedAt than the watermark. */
const clock = clockFrom(Date.now());
beforeEach(async () => {
  svc = await startTestService({ now: clock });
});
afterEach(async () => {
  await cleanup();
  await svc?.close();
});

describe('full pull', () => {
  it('fills events, contacts and invitations of the configured location and window only', async () => {
    const inWindow = eventItem({ invitations: invitationItems(60) });
    const tomorrow = eventItem({
      startsAt: fromNow(DAY),
      endsAt: fromNow(DAY + 2 * HOUR),
      invitations: invitationItems(3),
    });
    const otherLocation = eventItem({ locationId: 11, invitations: invitationItems(4) });
    const farFuture = eventItem({
      startsAt: fromNow(30 * DAY),
      endsAt: fromNow(30 * DAY + HOUR),
      invitations: invitationItems(2),
    });
    const longAgo = eventItem({
      startsAt: fromNow(-10 * DAY),
      endsAt: fromNow(-10 * DAY + HOUR),
      invitations: invitationItems(2),
    });
    await putEvents(svc, [inWindow, tomorrow, otherLocation, farFuture, longAgo]);

    const mirror = tempMirror();
    const config = makeConfig({ windowDaysBack: 1, windowDaysAhead: 7 });
    const client = countingClient(svc.baseUrl);
    const now = Date.now();
    const result = await pullInvitations(context(mirror, client.api, config, { now: () => now }), 'full');

    const expected = [
      ...serviceInvitationIds(svc, inWindow.sourceId as string),
      ...serviceInvitationIds(svc, tomorrow.sourceId as string),
    ];
    expect(expected).toHaveLength(63);
    expect(mirrorInvitationIds(mirror)).toEqual([...expected].sort((a, b) => a - b));
    expect(result).toMatchObject({ received: 63, removed: 0, complete: true, pages: 2 });
    expect(client.count('listInvitations')).toBe(2);
    // Two events, one contact per invitation (every guest has an own email), all at location 10.
    expect(mirrorCount(mirror, 'events')).toBe(2);
    expect(mirrorCount(mirror, 'contacts')).toBe(63);
    expect(mirror.db.prepare('SELECT DISTINCT location_id FROM invitations').pluck().all()).toEqual([10]);

    const guest = (inWindow.invitations as { email: string; firstName: string; lastName: string }[])[0]!;
    const row = mirror.db
      .prepare(
        `SELECT c.first_name AS firstName, c.last_name AS lastName, e.name AS eventName, e.host_id AS hostId
         FROM contacts c JOIN invitations i ON i.contact_id = c.id JOIN events e ON e.id = i.event_id WHERE c.email = ?`,
      )
      .get(guest.email);
    expect(row).toEqual({
      firstName: guest.firstName,
      lastName: guest.lastName,
      eventName: inWindow.name,
      hostId: 100,
    });

    const state = mirror.syncState.get('invitations:10');
    expect(state?.lastFullAt).toBe(state?.lastSuccessAt);
    const newest = svc.db
      .prepare(`SELECT max(updated_at) FROM invitations WHERE id IN (${expected.join(',')})`)
      .pluck()
      .get();
    expect(state?.watermark).toBe(newest);
  });

  it('a first sync cancelled mid-load leaves a mirror that finds what it holds, and the next one completes', async () => {
    const names = ['Алексей Соловьёв', '王 伟', 'Zdeněk Nový'];
    const event = eventItem({
      invitations: invitationItems(400, (i) => {
        const [firstName, lastName] = names[i % names.length]!.split(' ');
        return { firstName, lastName: `${lastName}${i}` };
      }),
    });
    await putEvents(svc, [event]);
    const mirror = tempMirror();
    const config = makeConfig();
    const client = countingClient(svc.baseUrl);
    const stop = new AbortController();
    const cancelled = pullInvitations(
      context(mirror, client.api, config, {
        signal: stop.signal,
        concurrency: 1,
        onProgress: ({ pagesDone }) => {
          if (pagesDone === 3) stop.abort(new Error('sync stopped'));
        },
      }),
      'full',
    );
    await expect(cancelled).rejects.toThrow();
    // The load was cut short: what it wrote is there, findable, with every index made again.
    expect(mirror.bulkLoad.active()).toBe(false);
    expect(mirror.lookupIndex.deferred()).toBe(false);
    const held = mirrorInvitationIds(mirror).length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(400);
    const window = { locationId: 10, ...syncWindow(config, Date.now()), limit: 500 };
    expect(mirror.guests.lookup('Solovyov', window).length).toBeGreaterThan(0);
    // Nothing was removed or marked complete on the strength of half a listing.
    expect(mirror.syncState.get('invitations:10')?.lastFullAt ?? null).toBeNull();

    const result = await pullInvitations(context(mirror, client.api, config), 'full');
    expect(result).toMatchObject({ complete: true, removed: 0 });
    expect(mirrorInvitationIds(mirror)).toHaveLength(400);
    expect(mirror.guests.lookup('wang', window)).toHaveLength(133); // every third guest
  });
});

describe('incremental pull', () => {
  it('asks only for what changed since the watermark and applies a changed contact name', async () => {
    const event = eventItem({ invitations: invitationItems(120) });
    await putEvents(svc, [event]);
    const mirror = tempMirror();
    const config = makeConfig();
    const client = countingClient(svc.baseUrl);
    const ctx = context(mirror, client.api, config);

    await pullInvitations(ctx, 'full');
    expect(client.count('listInvitations')).toBe(3);
    expect(mirrorCount(mirror, 'invitations')).toBe(120);
    const watermarkAfterFull = mirror.syncState.get('invitations:10')!.watermark!;

    clock.advance(1);
    const changed = (event.invitations as { sourceId: string; email: string }[])[7]!;
    await putEvents(svc, [
      { sourceId: event.sourceId, invitations: [{ sourceId: changed.sourceId, firstName: 'Renamed' }] },
    ]);

    client.requests.length = 0;
    const result = await pullInvitations(ctx, 'incremental');
    expect(client.count('listInvitations')).toBe(1);
    expect(result).toMatchObject({ received: 1, pages: 1, removed: 0, complete: true });
    const name = mirror.db.prepare('SELECT first_name FROM contacts WHERE email = ?').pluck().get(changed.email);
    expect(name).toBe('Renamed');
    expect(mirrorCount(mirror, 'invitations')).toBe(120);

    const state = mirror.syncState.get('invitations:10')!;
    expect(state.watermark! > watermarkAfterFull).toBe(true);
    // An incremental pull is not a full one.
    expect(state.lastFullAt).not.toBe(state.lastSuccessAt);

    // Nothing changed since: one request, nothing received.
    client.requests.length = 0;
    const again = await pullInvitations(ctx, 'incremental');
    expect(again.received).toBe(0);
    expect(client.count()).toBe(1);
  });

  it('the engine pulls only the resources named, and what did not change costs one request per page', async () => {
    await putEvents(svc, [eventItem({ invitations: invitationItems(30) })]);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const engine = createSyncEngine({ mirror, api: client.api, config: () => makeConfig() });
    const first = await engine.syncNow({ full: true });
    expect(Object.keys(first).sort()).toEqual(['checkIns', 'employees', 'groups', 'invitations']);

    client.requests.length = 0;
    const pass = await engine.syncNow({ resources: ['invitations', 'checkIns'] });
    expect(Object.keys(pass).sort()).toEqual(['checkIns', 'invitations']);
    expect(pass.invitations).toMatchObject({ ok: true, result: { received: 0, pages: 1 } });
    expect(client.requests.toSorted()).toEqual(['listCheckIns', 'listInvitations']);
    expect(mirrorCount(mirror, 'invitations')).toBe(30);
  });

  it('moves the watermark only after the whole pull succeeded', async () => {
    const event = eventItem({ invitations: invitationItems(70) });
    await putEvents(svc, [event]);
    const mirror = tempMirror();
    const config = makeConfig();
    const client = countingClient(svc.baseUrl);
    await pullInvitations(context(mirror, client.api, config), 'full');
    const before = mirror.syncState.get('invitations:10')!;

    clock.advance(1);
    // Renaming the event moves all 70 invitations: two pages for the incremental pull.
    await putEvents(svc, [{ sourceId: event.sourceId, name: uid('Renamed event') }]);
    const failing = interceptCalls(client.api, (n) => {
      if (n === 2) throw new Error('the connection broke on page 2');
    });
    await expect(pullInvitations(context(mirror, failing, config, { concurrency: 1 }), 'incremental')).rejects.toThrow(
      'page 2',
    );
    expect(mirror.syncState.get('invitations:10')).toEqual(before);

    const result = await pullInvitations(context(mirror, client.api, config), 'incremental');
    expect(result.received).toBe(70);
    const after = mirror.syncState.get('invitations:10')!;
    expect(after.watermark! > before.watermark!).toBe(true);
    const names = mirror.db.prepare('SELECT DISTINCT name FROM events').pluck().all();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^Renamed event/);
  });

  it('without a watermark does a full listing', async () => {
    await putEvents(svc, [eventItem({ invitations: invitationItems(3) })]);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const result = await pullInvitations(context(mirror, client.api, makeConfig()), 'incremental');
    expect(result.received).toBe(3);
    expect(mirror.syncState.get('invitations:10')?.lastFullAt).not.toBeNull();
  });
});

describe('reconciliation', () => {
  it('a full pull removes what the service no longer lists; an incremental pull removes nothing', async () => {
    const kept = eventItem({ invitations: invitationItems(2) });
    const deletedEvent = eventItem({ invitations: invitationItems(2) });
    const moved = eventItem({ invitations: invitationItems(2) });
    const postponed = eventItem({ invitations: invitationItems(2) });
    const draft = eventItem({ draft: true, invitations: invitationItems(3) });
    await putEvents(svc, [kept, deletedEvent, moved, postponed, draft]);

    const mirror = tempMirror();
    const config = makeConfig({ windowDaysBack: 1, windowDaysAhead: 7 });
    const client = countingClient(svc.baseUrl);
    const ctx = context(mirror, client.api, config);

    await pullInvitations(ctx, 'full');
    const draftIds = serviceInvitationIds(svc, draft.sourceId as string);
    expect(draftIds).toHaveLength(3);
    const all = mirrorInvitationIds(mirror);
    expect(all).toHaveLength(8);
    for (const id of draftIds) expect(all).not.toContain(id);

    const [keptA, keptB] = kept.invitations as { sourceId: string }[];
    clock.advance(1);
    await putEvents(svc, [
      { sourceId: kept.sourceId, invitations: [{ sourceId: keptB!.sourceId, deletedAt: fromNow(0) }] },
      { sourceId: deletedEvent.sourceId, deletedAt: fromNow(0) },
      { sourceId: moved.sourceId, locationId: 11 },
      { sourceId: postponed.sourceId, startsAt: fromNow(30 * DAY), endsAt: fromNow(30 * DAY + HOUR) },
    ]);

    // Incremental: the service does not report deletions, and nothing is removed on its strength.
    const incremental = await pullInvitations(ctx, 'incremental');
    expect(incremental.removed).toBe(0);
    expect(mirrorInvitationIds(mirror)).toEqual(all);

    const full = await pullInvitations(ctx, 'full');
    const { from, to } = syncWindow(config, Date.now());
    expect(full.removed).toBe(7);
    expect(mirrorInvitationIds(mirror)).toEqual(serviceListedIds(svc, 10, from, to));
    expect(mirrorInvitationIds(mirror)).toEqual([serviceInvitationId(svc, kept.sourceId as string, keptA!.sourceId)]);
    // Events and contacts that no invitation refers to any more are gone as well.
    expect(mirror.db.prepare('SELECT name FROM events').pluck().all()).toEqual([kept.name]);
    expect(mirrorCount(mirror, 'contacts')).toBe(1);
  });

  it('a draft enters the mirror only once it is final', async () => {
    const draft = eventItem({ draft: true, invitations: invitationItems(2) });
    await putEvents(svc, [draft]);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const ctx = context(mirror, client.api, makeConfig());
    await pullInvitations(ctx, 'full');
    expect(mirrorCount(mirror, 'invitations')).toBe(0);
    expect(mirrorCount(mirror, 'events')).toBe(0);

    clock.advance(1);
    await putEvents(svc, [{ sourceId: draft.sourceId, draft: false }]);
    await pullInvitations(ctx, 'incremental');
    expect(mirrorInvitationIds(mirror)).toEqual(serviceInvitationIds(svc, draft.sourceId as string));
    expect(mirror.db.prepare('SELECT draft FROM events').pluck().all()).toEqual([0]);
  });
});
