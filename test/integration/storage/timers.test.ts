/**
 * One timer per job, stopped before the database closes: changes queued
 * while a delivery round runs (400 check-ins, one after another, as a busy
 * lobby makes them) start no second chain of delivery timers, and once the
 * runtime is closed no timer of it is left to fire ("The database connection
 * is not open"). Counted with the engine's timers injected (support/timers.ts):
 * nothing here waits to see that something does not happen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedTimers } from '../../support/timers.ts';
import { cleanup, seedGuests, type SeededGuest, type Service, startServiceOn, tempDir } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';
import { configure } from './helpers.ts';
import { openRuntime } from '../../../electron/core/runtime.ts';

let service: Service;
let guests: SeededGuest[];
beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-timers-svc-'));
  ({ guests } = await seedGuests(service, 400));
}, 60_000);
afterAll(async () => {
  await service.close();
  await cleanup();
});

/** The engine's jobs: four pulls, the outbox, the automatic check-out's look at the time, the daily retention. */
const JOBS = 7;

describe('the engine and its timers', () => {
  it('keeps one timer per job while 400 changes are queued during delivery rounds, and none after close', async () => {
    const dataDir = tempDir('foyer-timers-');
    configure(dataDir, service.baseUrl);
    const timers = countedTimers();
    const log: string[] = [];
    const runtime = await openRuntime({ dataDir, timers, log: (line) => log.push(line) });
    await runtime.engine.syncNow();
    runtime.engine.start();
    // Twenty check-ins at a time, as a busy lobby makes them: each batch is queued once the round
    // before has delivered one of its rows (two go at a time) and is still sending the rest,
    // so rounds run while more are queued. No pause: a wait for a delivery.
    for (const [i, guest] of guests.entries()) {
      runtime.outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
      if (i % 20 === 19) {
        const delivered = runtime.outbox.counts().delivered;
        await until(() => runtime.outbox.counts().delivered > delivered, `a delivery after check-in ${i + 1}`, {
          every: 1,
        });
      }
    }
    await until(() => runtime.outbox.counts().delivered === guests.length, 'every check-in delivered');
    expect(timers.mostPending()).toBeLessThanOrEqual(JOBS);
    await runtime.close();
    expect(timers.pending()).toBe(0);
    expect(log.filter((line) => /not open/.test(line))).toEqual([]);
  }, 60_000);
});
