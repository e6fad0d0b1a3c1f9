/**
 * Shutting down stops the timers before the database closes: a runtime
 * stopped while the outbox is due, or while a row is on its way to a slow
 * service, closes without an error ("The database connection is not open")
 * and leaves no row 'sending': the row is pending again, to be sent (and a
 * transition read back first) at the next start.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { cleanup, startServiceOn, tempDir, type Service } from '../outbox/helpers.ts';
import { countedTimers } from '../../support/timers.ts';
import { until } from '../../support/until.ts';
import { configure, openLogged } from './helpers.ts';

let slow: Service;
beforeAll(async () => {
  // Every answer takes a while: a delivery is surely in flight when the stop comes.
  slow = await startServiceOn(tempDir('foyer-stop-svc-'), { latencyMs: 400 });
}, 30_000);
afterAll(cleanup);

const identities = [
  {
    sourceId: 'stop-1',
    email: 'stop.1@example.test',
    firstName: 'Stop',
    lastName: 'One',
    startsAt: '2026-01-01T08:00:00.000Z',
    endsAt: '2027-12-31T18:00:00.000Z',
  },
];

async function stopWith(when: 'due' | 'sending') {
  const dataDir = tempDir('foyer-stop-');
  configure(dataDir, slow.baseUrl);
  const timers = countedTimers();
  const { runtime, log } = await openLogged(dataDir, { timers });
  runtime.engine.start();
  const { outboxIds } = runtime.outbox.queueIdentities(identities as never, {
    source: null,
    label: 'identities at the stop',
  });
  const id = outboxIds[0]!;
  if (when === 'sending') await until(() => runtime.mirror.outbox.byId(id)?.state === 'sending', 'the row on its way');
  await runtime.close();
  // Whatever a timer or an answer would still do after the close would show here: no timer is left to fire, and
  // a request made now is answered after the one cut by the stop (every answer takes as long).
  expect(timers.pending()).toBe(0);
  expect((await slow.call('GET', '/companies/1/employees')).status).toBe(200);
  const mirror = openMirror(join(dataDir, 'mirror.db'));
  try {
    return { row: mirror.outbox.byId(id)!, log };
  } finally {
    mirror.close();
  }
}

describe('a stop', () => {
  it('while a row is on its way: no error, and the row is pending again, not left sending', async () => {
    const { row, log } = await stopWith('sending');
    expect(log.filter((line) => /not open|TypeError|outbox/.test(line))).toEqual([]);
    expect(row.state).toBe('pending');
    expect(row.lastError).toBe('stopped while sending');
  });

  it('while the outbox is due: no error, and nothing left sending', async () => {
    const { row, log } = await stopWith('due');
    expect(log.filter((line) => /not open|TypeError|outbox/.test(line))).toEqual([]);
    expect(['pending', 'delivered']).toContain(row.state);
  });
});
