/**
 * The daily automatic check-out (autoCheckOut), against the reference
 * service over HTTP, with an injected clock: nothing before its time or when
 * off; after it, only guests whose visit has ended, once a day, also after a
 * restart; a Foyer started after the time runs it at start; the check-outs
 * go through the outbox, marked as automatic, and reach the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { runAutoCheckOutIfDue } from '../../../electron/core/guests/auto-check-out.ts';
import { parsePayload } from '../../../electron/core/outbox/payloads.ts';
import { DAY } from '../../../shared/time.ts';
import type { TestApp } from '../../support/app.ts';
import { openApp } from '../../support/app.ts';
import { cleanup, HOUR, serviceState, startServiceOn, tempDir, uid, seedGuests } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';

type Service = Awaited<ReturnType<typeof startServiceOn>>;

let service: Service;
const desk = createSession('desk-auto', 'desk', 'desk');
/** The Foyer's clock: real time while guests check in (the service checks its window), then set by the test. */
let clock = Date.now();
const now = () => clock;
/** A local time on the day after tomorrow: every event below has started; the short ones have ended. */
const dayAfterTomorrow = (hours: number, minutes = 0) => {
  const day = new Date(Date.now() + 2 * DAY);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes).getTime();
};

/** An event at location 10 that is under way now, with `n` guests; their check-in ids, from the service's database. */
const seedEvent = async (n: number, endsInMs: number): Promise<number[]> =>
  (await seedGuests(service, n, { prefix: uid('auto-ev'), endsIn: endsInMs })).guests.map((g) => g.id);

const open = (dataDir: string, autoCheckOut: string) =>
  openApp(dataDir, {
    service,
    now,
    // The window reaches back to the events of two days before the clock's day.
    config: { locationId: 10, companyId: 1, windowDaysBack: 4, autoCheckOut },
  });

/** Real time: everyone checks in at the desk, and the service has them. */
async function checkInAll(app: TestApp, ids: number[]) {
  clock = Date.now();
  await app.core.call(desk, 'sync.now', { full: true });
  for (const invitationId of ids) await app.core.call(desk, 'guests.transition', { invitationId, action: 'checkIn' });
  await app.runtime.engine.deliver();
  for (const id of ids) expect(serviceState(service.db, id)).toBe('CHECKED_IN');
}

const run = (app: TestApp) =>
  runAutoCheckOutIfDue({
    mirror: app.runtime.mirror,
    outbox: app.runtime.outbox,
    config: () => app.runtime.config,
    now,
    log: () => {},
  });

const transitionRows = (app: TestApp) =>
  app.runtime.mirror.db.prepare("SELECT * FROM outbox WHERE kind = 'transition' ORDER BY id").all() as {
    kind: 'transition';
    payload: string;
    label: string;
  }[];

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-auto-svc-'));
}, 30_000);

afterAll(async () => {
  await cleanup();
});

describe('autoCheckOut', () => {
  it('checks out, once a day after its time, only the guests whose visit has ended, through the outbox', async () => {
    const ended = await seedEvent(2, HOUR); // over by the day after tomorrow
    const underWay = await seedEvent(2, 3 * DAY); // still under way then
    const dataDir = tempDir('foyer-auto-data-');
    let app = await open(dataDir, '09:00');
    try {
      await checkInAll(app, [...ended, ...underWay]);
      const before = transitionRows(app).length;

      clock = dayAfterTomorrow(8, 59);
      expect(run(app)).toBeUndefined();
      app.runtime.configStore.update((c) => ({ ...c, autoCheckOut: 'off' }));
      clock = dayAfterTomorrow(9, 30);
      expect(run(app)).toBeUndefined();
      expect(transitionRows(app)).toHaveLength(before);

      app.runtime.configStore.update((c) => ({ ...c, autoCheckOut: '09:00' }));
      const done = run(app);
      expect(done?.checkedOut.sort()).toEqual([...ended].sort());
      expect(run(app)).toBeUndefined();
      // In the audit log once, with the check-outs it made, by no person.
      expect(app.runtime.mirror.auditLog.list({ action: 'automatic-check-out', limit: 10 })).toEqual([
        expect.objectContaining({
          role: 'system',
          device: 'automatic',
          // By name, as people read it; the ids in the detail.
          subject: expect.stringMatching(new RegExp(`^${done!.checkedOut.length} guests?: \\S`)),
          detail: expect.stringContaining(`invitations ${done!.checkedOut.join(', ')}`),
        }),
      ]);

      // Queued like a desk's check-out, marked as automatic.
      const rows = transitionRows(app).slice(before);
      expect(rows).toHaveLength(ended.length);
      for (const row of rows) {
        expect(row.label).toMatch(/^Automatic check-out of /);
        expect(parsePayload(row)).toMatchObject({ ok: true, payload: { action: 'checkOut', by: 'auto' } });
      }
      // The desk sees it: left (pending), and the detail says it was automatic.
      const detail = await app.core.call(desk, 'guests.get', { invitationId: ended[0]! });
      expect(detail).toMatchObject({ category: 'left', pending: true });
      expect(detail?.autoCheckedOutAt).not.toBeNull();
      const still = await app.core.call(desk, 'guests.get', { invitationId: underWay[0]! });
      expect(still).toMatchObject({ category: 'onsite', autoCheckedOutAt: null });

      await app.runtime.engine.deliver();
      expect(app.runtime.outbox.counts()).toMatchObject({ pending: 0, sending: 0, failed: 0 });
      for (const id of ended) expect(serviceState(service.db, id)).toBe('CHECKED_OUT');
      for (const id of underWay) expect(serviceState(service.db, id)).toBe('CHECKED_IN');

      // A restart the same day does not run it again: the day is kept in the mirror.
      await app.runtime.close();
      app = await open(dataDir, '09:00');
      clock = dayAfterTomorrow(11);
      expect(run(app)).toBeUndefined();
    } finally {
      await app.runtime.close();
    }
    // Those under way stay on site for the next test's Foyer to leave alone as well.
  }, 60_000);

  it('runs at start in a Foyer switched on after the time, and the service receives the check-outs', async () => {
    const ended = await seedEvent(3, HOUR);
    const dataDir = tempDir('foyer-auto-start-');
    let app = await open(dataDir, '09:00');
    await checkInAll(app, ended);
    await app.runtime.close();
    const underWay = (
      service.db.prepare("SELECT id FROM check_ins WHERE state = 'CHECKED_IN'").pluck().all() as number[]
    ).filter((id) => !ended.includes(id));

    // Switched on in the morning, after the time: the engine pulls who is on site, then checks out.
    clock = dayAfterTomorrow(10);
    app = await open(dataDir, '09:00');
    try {
      app.runtime.engine.start();
      await until(
        () => ended.every((id) => serviceState(service.db, id) === 'CHECKED_OUT'),
        'the automatic check-outs',
      );
      expect(underWay.length).toBeGreaterThan(0);
      for (const id of underWay) expect(serviceState(service.db, id)).toBe('CHECKED_IN');
      expect(transitionRows(app).filter((row) => row.label.startsWith('Automatic check-out'))).toHaveLength(
        ended.length,
      );
    } finally {
      await app.runtime.close();
    }
  }, 60_000);

  it('catches up at start with exactly the run at its time: a night visit still under way at 03:00 stays', async () => {
    // Visits of the night before the day after tomorrow: one over at 02:00, one until 06:00 (22:00-06:00).
    const overAtTwo = await seedEvent(1, dayAfterTomorrow(2) - Date.now());
    const untilSix = await seedEvent(1, dayAfterTomorrow(6) - Date.now());
    const dataDir = tempDir('foyer-auto-catch-up-');
    const app = await open(dataDir, '03:00');
    try {
      await checkInAll(app, [...overAtTwo, ...untilSix]);
      // Switched on at 07:30, after the visit until 06:00 ended: the run of 03:00 would have left that guest alone.
      clock = dayAfterTomorrow(7, 30);
      const done = run(app);
      expect(done?.checkedOut).toEqual(overAtTwo);
      const still = await app.core.call(desk, 'guests.get', { invitationId: untilSix[0]! });
      expect(still).toMatchObject({ category: 'onsite', autoCheckedOutAt: null });
    } finally {
      await app.runtime.close();
    }
  }, 60_000);

  it('is set in the admin console, refused at its field when it is no time of day', async () => {
    const app = await open(tempDir('foyer-auto-settings-'), 'off');
    const admin = createSession('admin-auto', 'admin', 'admin');
    try {
      expect((await app.core.call(admin, 'settings.get', {})).autoCheckOut).toBe('off');
      const refused = await app.core
        .call(admin, 'settings.setSync', { autoCheckOut: '25:00' })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({
        code: 'INVALID_INPUT',
        details: [{ path: 'autoCheckOut', message: expect.stringMatching(/HH:MM.*or off/) }],
      });
      expect((await app.core.call(admin, 'settings.setSync', { autoCheckOut: '3:00' })).autoCheckOut).toBe('03:00');
      expect(app.runtime.config.autoCheckOut).toBe('03:00');
      await expect(app.core.call(desk, 'settings.setSync', { autoCheckOut: 'off' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    } finally {
      await app.runtime.close();
    }
  });
});
