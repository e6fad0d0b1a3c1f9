/**
 * The reception desk through the app core, against the reference service:
 * today's view by default, paged, filtered and sorted in the core; changes
 * reach the desk as rows and counts; an idle core says nothing; check-ins
 * the clock forbids are refused; a check-out can be undone while it is held
 * back; a refused transition is retried once, with a reason that never grows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import type { AppEvent } from '../../../shared/contract/events.ts';
import { openApp, today as todayOf } from '../../support/app.ts';
import { clockFrom } from '../../support/clock.ts';
import {
  cleanup,
  HOUR,
  putUntilOk,
  seedGuests,
  startServiceOn,
  tempDir,
  uid,
  type SeededGuest,
} from '../outbox/helpers.ts';

/** An ordinary morning (10:30 local, today), for the service and the core: nothing here depends on the hour it runs. */
const clock = clockFrom(new Date().setHours(10, 30, 0, 0));
const fromNow = (ms: number) => new Date(clock() + ms).toISOString();
const today = () => todayOf(clock());

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let guests: SeededGuest[];
let eventId: number;
const events: AppEvent[] = [];
const desk = createSession('desk-1', 'desk', 'desk');

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-desk-svc-'), { now: clock });
  ({ guests } = await seedGuests({ baseUrl: service.baseUrl, db: service.db }, 6, { prefix: 'Desk', now: clock }));
  // An event that is over: its guests cannot be checked in any more.
  const res = await putUntilOk(service.baseUrl, '/events', {
    events: [
      {
        sourceId: uid('past'),
        name: 'Over',
        startsAt: fromNow(-5 * HOUR),
        endsAt: fromNow(-2 * HOUR),
        locationId: 10,
        invitations: [{ sourceId: uid('inv'), email: 'late@example.test', firstName: 'Lena', lastName: 'Late' }],
      },
    ],
  });
  expect(res.status).toBe(200);
  ({ runtime, core } = await openApp(tempDir('foyer-desk-data-'), {
    service,
    config: { locationId: 10, companyId: 1 },
    now: clock,
  }));
  core.subscribe((event) => events.push(event));
  await core.call(desk, 'sync.now', { full: true });
  eventId = runtime.mirror.guests.byId(guests[0]!.id)!.eventId!;
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe('the desk view', () => {
  it("shows a day's guests, a page at a time, with counts per category, filtered by event", async () => {
    const view = { ...today(), category: 'expected' as const, eventId };
    const page = await core.call(desk, 'guests.list', { ...view, limit: 4 });
    expect(page.counts.expected).toBe(guests.length);
    expect(page.total).toBe(guests.length);
    expect(page.guests).toHaveLength(4);
    const rest = await core.call(desk, 'guests.list', { ...view, offset: 4, limit: 4 });
    expect(rest.guests).toHaveLength(2);
    expect(new Set([...page.guests, ...rest.guests].map((g) => g.invitationId))).toEqual(
      new Set(guests.map((g) => g.id)),
    );
    // Another day has none of them.
    const tomorrow = { from: today().to, to: new Date(Date.parse(today().to) + 86_400_000).toISOString() };
    expect((await core.call(desk, 'guests.list', { ...tomorrow, eventId })).total).toBe(0);
  });

  it('sorts by name and finds every match of a search across days', async () => {
    const byName = await core.call(desk, 'guests.list', { ...today(), sort: 'name' });
    const names = byName.guests.map((g) => g.lastName!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const found = await core.call(desk, 'guests.list', { ...today(), text: 'lena' });
    expect(found.guests.map((g) => g.lastName)).toEqual(['Late']);
    const all = await core.call(desk, 'guests.list', { ...today(), text: 'guest', limit: 500 });
    expect(all.total).toBe(guests.length);
    expect(all.guests).toHaveLength(guests.length);
  });

  it('refuses to check in a guest whose event ended, in the core as well', async () => {
    const [late] = (await core.call(desk, 'guests.list', { ...today(), text: 'lena' })).guests;
    await expect(
      core.call(desk, 'guests.transition', { invitationId: late!.invitationId, action: 'checkIn' }),
    ).rejects.toMatchObject({
      code: 'REFUSED',
      message: expect.stringMatching(/cannot be checked in any more: the event ended at /),
    });
  });

  it('sends what changed as a version, and the rows and counts of the change', async () => {
    const view = { ...today(), category: 'expected' as const, eventId };
    const before = await core.call(desk, 'guests.list', view);
    events.length = 0;
    const guest = guests[0]!;
    await core.call(desk, 'guests.transition', { invitationId: guest.id, action: 'checkIn' });
    const changed = events.filter((e) => e.type === 'guests-changed');
    expect(changed.length).toBeGreaterThan(0);
    const delta = await core.call(desk, 'guests.changes', { ...view, since: before.version });
    expect(delta.reload).toBe(false);
    expect(delta.removed).toEqual([guest.id]); // no longer expected
    expect(delta.counts.onsite).toBe(before.counts.onsite + 1);
    const onsite = await core.call(desk, 'guests.changes', { ...view, category: 'onsite', since: before.version });
    expect(onsite.changed.map((g) => [g.invitationId, g.pending])).toEqual([[guest.id, true]]);
    await runtime.engine.deliver();
    const settled = await core.call(desk, 'guests.changes', { ...view, category: 'onsite', since: delta.version });
    expect(settled.changed.map((g) => [g.invitationId, g.pending])).toEqual([[guest.id, false]]);
  });

  it('says nothing while nothing changes, though the outbox is tried', async () => {
    events.length = 0;
    for (let i = 0; i < 3; i++) await runtime.engine.deliver();
    await core.call(desk, 'sync.now', {});
    expect(events.filter((e) => e.type === 'guests-changed')).toEqual([]);
    expect(events.filter((e) => e.type === 'sync-status' && e.status.outbox.delivering)).toEqual([]);
  });
});

describe('the detail', () => {
  it('keeps the PIN out of the detail until a person asks for it', async () => {
    const guest = guests[0]!;
    const detail = await core.call(desk, 'guests.get', { invitationId: guest.id });
    expect(detail).toMatchObject({ hasPin: true, accessControl: { credential: expect.any(Object) } });
    expect(JSON.stringify(detail)).not.toMatch(/"pin"/);
    const { pin } = await core.call(desk, 'guests.revealPin', { invitationId: guest.id });
    expect(pin).toMatch(/^\d{6}$/);
  });
});

describe('check-out and undo', () => {
  it('holds a check-out back, so that Undo takes it back before it is sent', async () => {
    const guest = guests[1]!;
    await core.call(desk, 'guests.transition', { invitationId: guest.id, action: 'checkIn' });
    await runtime.engine.deliver();
    const out = await core.call(desk, 'guests.transition', { invitationId: guest.id, action: 'checkOut' });
    expect(out).toMatchObject({ category: 'left', pending: true, undoUntil: expect.any(String) });
    await runtime.engine.deliver(); // held: not sent yet
    expect(service.db.prepare('SELECT state FROM check_ins WHERE id = ?').pluck().get(guest.id)).toBe('CHECKED_IN');
    const back = await core.call(desk, 'guests.transition', { invitationId: guest.id, action: 'undo' });
    expect(back).toMatchObject({ category: 'onsite', pending: false, undoUntil: null });
    expect(runtime.outbox.counts().pending).toBe(0);
  });

  it('takes back a check-out held behind a check-in not yet sent, leaving the guest on site', async () => {
    const guest = guests[3]!;
    await core.call(desk, 'guests.transition', { invitationId: guest.id, action: 'checkIn' });
    await core.call(desk, 'guests.transition', { invitationId: guest.id, action: 'checkOut' });
    const back = await core.call(desk, 'guests.transition', { invitationId: guest.id, action: 'undo' });
    expect(back).toMatchObject({ category: 'onsite', pending: true, undoUntil: null });
    await runtime.engine.deliver();
    expect(runtime.mirror.guests.byId(guest.id)).toMatchObject({ category: 'onsite', pending: false });
  });
});

describe('conflicts', () => {
  it('retries a refused check-in once, or says why not, and never grows the reason', async () => {
    const guest = guests[2]!;
    // The event was made a draft at the service meanwhile: it refuses this desk's check-in, the guest still expected.
    service.db
      .prepare('UPDATE events SET draft = 1 WHERE id = (SELECT event_id FROM invitations WHERE id = ?)')
      .run(guest.id);
    await core.call(desk, 'guests.transition', { invitationId: guest.id, action: 'checkIn' });
    await runtime.engine.deliver();
    const [conflict] = await core.call(desk, 'conflicts.list', {});
    expect(conflict).toMatchObject({ checkInId: guest.id, action: 'checkIn' });
    const reason = conflict!.message;
    // The guest shows as expected again (rolled back): a retry plans again and is sent.
    clock.advance(1);
    const retried = await core.call(desk, 'conflicts.retry', { id: conflict!.id });
    expect(retried).toMatchObject({ pending: true });
    await expect(core.call(desk, 'conflicts.retry', { id: conflict!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(() => runtime.outbox.retry(conflict!.outboxId)).toThrow(/already tried again/);
    expect(runtime.mirror.outbox.byId(conflict!.outboxId)!.lastError).toBe(reason);
  });
});
