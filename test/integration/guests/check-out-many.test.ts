/**
 * Ended visits and the bulk check-out at the desk, through the app core,
 * against the reference service over HTTP with an injected clock: the On
 * site list and the evacuation list put whose visit ended more than an hour
 * ago last and mark them; "everyone whose visit has ended" is checked out
 * at once, held back for one Undo, and reaches the service once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { DAY, HOUR, MINUTE, SECOND } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { dayKey, dayRange } from '../../../renderer/src/features/desk/guest-lists.ts';
import { cleanup, seedGuests, serviceState, startServiceOn, tempDir } from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let clock = Date.now();
const desk = createSession('desk-bulk', 'desk', 'desk');
let endedLongAgo: number[];
let endedJustNow: number[];
let underWay: number[];

const seedEvent = async (n: number, endsInMs: number, name: string): Promise<number[]> =>
  (
    await seedGuests(service, n, {
      eventName: name,
      endsIn: endsInMs,
      people: Array.from({ length: n }, (_, i) => ({ firstName: `${name}${i}`, lastName: 'Bulk' })),
    })
  ).guests.map((g) => g.id);

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-bulk-svc-'));
  endedLongAgo = await seedEvent(2, 10 * MINUTE, 'Early');
  endedJustNow = await seedEvent(1, 2 * HOUR + 40 * MINUTE, 'Late');
  underWay = await seedEvent(2, DAY, 'Long');
  ({ runtime, core } = await openApp(tempDir('foyer-bulk-data-'), {
    service,
    now: () => clock,
    config: { locationId: 10, companyId: 1 },
  }));
  await core.call(desk, 'sync.now', { full: true });
  for (const invitationId of [...endedLongAgo, ...endedJustNow, ...underWay])
    await core.call(desk, 'guests.transition', { invitationId, action: 'checkIn' });
  await runtime.engine.deliver();
  // Three hours on: the first event ended 2 h 50 min ago, the second 20 min ago, the third is under way.
  clock = Date.now() + 3 * HOUR;
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe('ended visits', () => {
  it('are last on the evacuation list, marked with the end, and nobody is dropped', async () => {
    const list = await core.call(desk, 'guests.evacuationList', {});
    const ids = list.guests.map((g) => g.invitationId);
    expect(ids).toHaveLength(5);
    expect(ids.slice(-2).sort()).toEqual([...endedLongAgo].sort());
    for (const g of list.guests)
      expect(g.visitEndedAt, String(g.invitationId)).toBe(endedLongAgo.includes(g.invitationId) ? g.endsAt : null);
    expect(Date.parse(list.generatedAt)).toBe(clock);
  });

  it('are last on the On site list, in every sort', async () => {
    for (const sort of ['time', 'name', 'company'] as const) {
      const onSite = await core.call(desk, 'guests.list', {
        ...dayRange(dayKey(clock)),
        category: 'onsite',
        sort,
        offset: 0,
        limit: 50,
      });
      const ids = onSite.guests.map((g) => g.invitationId);
      expect(ids, sort).toHaveLength(5);
      expect(ids.slice(-2).sort(), sort).toEqual([...endedLongAgo].sort());
    }
  });
});

describe('the bulk check-out', () => {
  it('finds everyone whose visit has ended, and checks them out held back, with one Undo', async () => {
    const ended = (await core.call(desk, 'guests.endedVisits', {})).map((g) => g.invitationId);
    expect(ended.sort()).toEqual([...endedLongAgo, ...endedJustNow].sort());

    const out = await core.call(desk, 'guests.checkOutMany', { invitationIds: ended });
    expect(out.refused).toEqual([]);
    expect(out.guests.every((g) => g.category === 'left' && g.pending)).toBe(true);
    expect(Date.parse(out.undoUntil!)).toBe(clock + 8 * SECOND);
    expect(runtime.outbox.counts().pending).toBe(ended.length);

    const undone = await core.call(desk, 'guests.undoCheckOutMany', { invitationIds: ended });
    expect(undone.refused).toEqual([]);
    expect(undone.guests.every((g) => g.category === 'onsite')).toBe(true);
    expect(runtime.outbox.counts().pending).toBe(0);
  });

  it('sends them once the hold has passed; then Undo is refused, and a guest not on site says why', async () => {
    const ended = [...endedLongAgo, ...endedJustNow];
    const out = await core.call(desk, 'guests.checkOutMany', { invitationIds: [...ended, ended[0]!] });
    expect(out.guests).toHaveLength(ended.length);
    clock += 9 * SECOND;
    await runtime.engine.deliver();
    expect(runtime.outbox.counts()).toMatchObject({ pending: 0, failed: 0 });
    for (const id of ended) expect(serviceState(service.db, id)).toBe('CHECKED_OUT');
    for (const id of underWay) expect(serviceState(service.db, id)).toBe('CHECKED_IN');

    const late = await core.call(desk, 'guests.undoCheckOutMany', { invitationIds: ended });
    expect(late.guests).toEqual([]);
    expect(late.refused.map((r) => r.invitationId).sort()).toEqual([...ended].sort());
    expect(late.refused[0]!.reason).toMatch(/cannot be undone/);

    const again = await core.call(desk, 'guests.checkOutMany', { invitationIds: [ended[0]!, underWay[0]!] });
    expect(again.guests.map((g) => g.invitationId)).toEqual([underWay[0]]);
    expect(again.refused).toEqual([{ invitationId: ended[0], reason: expect.stringMatching(/cannot be checked out/) }]);
    await core.call(desk, 'guests.undoCheckOutMany', { invitationIds: [underWay[0]!] });
  });

  it('is for the desk, not for a kiosk, and takes a bounded list', async () => {
    const kiosk = createSession('kiosk-bulk', 'kiosk', 'kiosk');
    await expect(core.call(kiosk, 'guests.checkOutMany', { invitationIds: [1] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(core.call(desk, 'guests.checkOutMany', { invitationIds: [] })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});
