/**
 * The desk's feed of arrivals (arrivals.list) against the reference service
 * over HTTP: newest first by the tap here (not by when the service heard of
 * it, which after a day offline is hours later), where each was made (a
 * paired device by its name, the desk, elsewhere at the service), only what
 * arrived since the moment asked for, and an undone check-in off the feed.
 * The core's clock is a test clock, a minute a step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { whereOf } from '../../../electron/core/usecases/arrivals.ts';
import { DEFAULT_FLOW } from '../../../shared/domain/flow.ts';
import { DAY, HOUR, iso, MINUTE } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { cleanup, fromNow, putUntilOk, type Service, startServiceOn, tempDir, uid } from '../outbox/helpers.ts';

let service: Service;
let runtime: Runtime;
let core: AppCore;
const desk = createSession('arrivals-desk', 'desk', 'desk', 'desktop');
const kiosk = createSession('arrivals-kiosk', 'kiosk', 'kiosk', 'ip:127.0.0.9');
let ids: number[];
// Ten minutes ago, then a minute a step: the service's own stamp (the wall clock) is newer than every tap.
let clock = Date.now() - 10 * MINUTE;
const start = clock;
const step = () => (clock += MINUTE);
const NAMES = [
  ['Ada', 'Lovelace', 'Analytical'],
  ['Grace', 'Hopper', 'Navy'],
  ['Alan', 'Turing', 'Bletchley'],
  ['Edsger', 'Dijkstra', null],
];

const feed = async (since: number, limit?: number) =>
  (await core.call(desk, 'arrivals.list', { since: iso(since), ...(limit ? { limit } : {}) })).arrivals;
const checkIn = async (id: number) => {
  step();
  await core.call(desk, 'guests.transition', { invitationId: id, action: 'checkIn' });
};

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-arrivals-svc-'));
  const sourceId = uid('arrivals-ev');
  const answer = await putUntilOk(service.baseUrl, '/events', {
    events: [
      {
        sourceId,
        name: 'Arrivals',
        startsAt: fromNow(-HOUR),
        endsAt: fromNow(DAY),
        locationId: 10,
        invitations: NAMES.map(([firstName, lastName, companyName], i) => ({
          sourceId: `${sourceId}-${i}`,
          email: `${sourceId}-${i}@example.test`,
          firstName,
          lastName,
          ...(companyName ? { companyName } : {}),
        })),
      },
    ],
  });
  expect(answer.body.events[0].status, answer.text).toBe('SUCCESS');
  ids = service.db
    .prepare('SELECT i.id FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.source_id = ? ORDER BY i.id')
    .pluck()
    .all(sourceId) as number[];
  ({ runtime, core } = await openApp(tempDir('foyer-arrivals-data-'), {
    service,
    config: { locationId: 10, companyId: 1 },
    now: () => clock,
  }));
  await core.call(desk, 'sync.now', { full: true });
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe('the feed of arrivals', () => {
  it('is empty before anyone arrives, and is for staff only', async () => {
    expect(await feed(start - HOUR)).toEqual([]);
    await expect(core.call(kiosk, 'arrivals.list', { since: iso(start) })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists who arrived, newest first by the tap here, with where: a paired device by its name, the desk', async () => {
    await checkIn(ids[0]!); // at this desk (the desktop app)
    // A paired device's check-in names the device in its facts: here queued by the test, for a device named so.
    step();
    runtime.outbox.queueTransition(ids[1]!, 'checkIn', 'desk', { made: { device: 'Lobby 1' } });
    const arrivals = await feed(start);
    expect(arrivals.map((a) => [a.lastName, a.where, a.at])).toEqual([
      ['Hopper', { kind: 'device', name: 'Lobby 1' }, iso(start + 2 * MINUTE)],
      ['Lovelace', { kind: 'desk', name: null }, iso(start + MINUTE)],
    ]);
    expect(arrivals[1]).toMatchObject({
      invitationId: ids[0],
      firstName: 'Ada',
      companyName: 'Analytical',
      left: false,
    });
  });

  it('keeps the tap time once delivered, and says "elsewhere" of a check-in the service had from someone else', async () => {
    await runtime.engine.deliver();
    // Checked in at the service directly (another system), heard of at the next pull: its time is the service's.
    const direct = await service.call('POST', '/check-ins/transitions', {
      body: { eventName: 'CHECK_IN', checkIn: { id: ids[2] } },
    });
    expect(direct.status, direct.text).toBeLessThan(300);
    await core.call(desk, 'sync.now', {});
    const arrivals = await feed(start);
    expect(arrivals.map((a) => a.lastName)).toEqual(['Turing', 'Hopper', 'Lovelace']);
    expect(arrivals[0]!.where).toEqual({ kind: 'elsewhere', name: null });
    expect(Date.parse(arrivals[0]!.at)).toBeGreaterThan(start + 5 * MINUTE);
    expect(arrivals.slice(1).map((a) => a.at)).toEqual([iso(start + 2 * MINUTE), iso(start + MINUTE)]);
  });

  it('gives only what arrived since the moment asked, at most the limit', async () => {
    expect((await feed(start + MINUTE + 30_000)).map((a) => a.lastName)).toEqual(['Turing', 'Hopper']);
    expect((await feed(start, 1)).map((a) => a.lastName)).toEqual(['Turing']);
    expect(await feed(Date.now() + HOUR)).toEqual([]);
    await expect(core.call(desk, 'arrivals.list', { since: 'today' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('says who left since, and takes an undone check-in off', async () => {
    step();
    await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkOut' });
    await checkIn(ids[3]!);
    await core.call(desk, 'guests.transition', { invitationId: ids[3]!, action: 'undo' });
    const arrivals = await feed(start);
    expect(arrivals.map((a) => [a.lastName, a.left])).toEqual([
      ['Turing', false],
      ['Hopper', false],
      ['Lovelace', true],
    ]);
  });
});

describe('a walk-in let in', () => {
  it('is on the feed from its approval, before the service knows of it, as a walk-in', async () => {
    const hostId = service.db.prepare('SELECT id FROM employees ORDER BY id LIMIT 1').pluck().get() as number;
    step();
    const walkIn = await core.call(desk, 'walkIns.add', { firstName: 'Peter', lastName: 'Brandt', hostId });
    // Second: Turing's check-in at the service is stamped by its own (wall) clock, ahead of this test's.
    const [, newest] = await feed(start);
    expect(newest).toMatchObject({
      invitationId: -walkIn.id,
      lastName: 'Brandt',
      at: iso(clock),
      where: { kind: 'walk-in', name: null },
    });
  });
});

describe('where a check-in was made, without a noted device', () => {
  const row = { device: null, walkIn: null, eventName: null };
  it('a walk-in; a door the flow names apart; here, when both doors send the same; else elsewhere', () => {
    expect(whereOf({ ...row, walkIn: 'kiosk', eventName: 'CHECK_IN' }, DEFAULT_FLOW)).toEqual({
      kind: 'walk-in',
      name: null,
    });
    const apart = {
      ...DEFAULT_FLOW,
      transitions: { ...DEFAULT_FLOW.transitions, kioskCheckIn: 'SELF_CHECK_IN', deskCheckIn: 'CHECK_IN' },
    };
    expect(whereOf({ ...row, eventName: 'SELF_CHECK_IN' }, apart).kind).toBe('kiosk');
    expect(whereOf({ ...row, eventName: 'CHECK_IN' }, apart).kind).toBe('desk');
    // The default flow: both doors send CHECK_IN.
    expect(whereOf({ ...row, eventName: 'CHECK_IN' }, DEFAULT_FLOW).kind).toBe('here');
    expect(whereOf(row, DEFAULT_FLOW).kind).toBe('elsewhere');
    expect(whereOf({ ...row, device: 'kiosk' }, DEFAULT_FLOW)).toEqual({ kind: 'kiosk', name: null });
  });
});
