/**
 * The status follows the service when nothing is due (issue 30): with every
 * pull's interval an hour long and nothing queued, the probe (sync/probe.ts)
 * turns the status offline within 5 s of the service going away (stopped, or
 * there but silent) and back online within 5 s of its return; it asks
 * nothing while other requests reach the service. Over real HTTP against the
 * reference service, which is stopped and started again on its port. The
 * probe's own rounds run on an injected clock; the engine's test measures
 * the wall-clock time from the service's stop to the status's change.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../../electron/core/sync/engine.ts';
import { createProbe, PROBE } from '../../../electron/core/sync/probe.ts';
import { createStatus } from '../../../electron/core/sync/status.ts';
import { startService, type RunningService } from '../../../service/index.ts';
import { parseWorld } from '../../../service/world.ts';
import { testWorld } from '../../support/world.ts';
import { cleanup, countingClient, iso, makeConfig, NO_RETRY, tempDir, tempMirror } from './helpers.ts';

afterEach(cleanup);

/** The reference service on a port of its own, to be stopped and started again there. */
async function serviceAt(dir: string, port = 0): Promise<RunningService> {
  return startService({ dbPath: join(dir, 'service.db'), host: '127.0.0.1', port, world: parseWorld(testWorld) });
}
const portOf = (service: RunningService) => Number(new URL(service.baseUrl).port);

describe('the probe, on an injected clock', () => {
  it('asks nothing while requests reach the service; offline at its first round once the service is gone', async () => {
    const dir = tempDir('foyer-probe-');
    let service = await serviceAt(dir);
    const client = countingClient(service.baseUrl, { retry: NO_RETRY });
    const clock = { now: Date.parse('2026-03-10T10:00:00Z') };
    const status = createStatus();
    // A pull reached the service a moment ago.
    status.update({ online: true, lastOnlineAt: iso(clock.now) });
    const probe = createProbe({ api: client.api, now: () => clock.now, status, reached: () => {} });

    clock.now += PROBE.quietMs - 1;
    await probe.tick();
    expect(client.count()).toBe(0);
    clock.now += 1;
    await probe.tick();
    expect(client.count('listAccessProfileGroups')).toBe(1);
    expect(status.get().online).toBe(true);
    // Its own answer counts too: the next round within the quiet time asks nothing, and moved nothing.
    const events: unknown[] = [];
    status.subscribe((s) => events.push(s));
    clock.now += PROBE.everyMs;
    await probe.tick();
    expect(client.count()).toBe(1);
    expect(events).toEqual([]);

    const port = portOf(service);
    await service.close();
    const gone = clock.now;
    let rounds = 0;
    while (status.get().online !== false && rounds < 10) {
      clock.now += PROBE.everyMs;
      rounds += 1;
      await probe.tick();
    }
    expect(status.get().online).toBe(false);
    expect(clock.now - gone).toBeLessThanOrEqual(5_000);
    // Offline since its last answer.
    expect(status.get().lastOnlineAt).toBe(iso(gone - PROBE.everyMs));
    // Offline again is no news: one event for the change, none for the rounds after it.
    const afterChange = events.length;
    clock.now += PROBE.everyMs;
    await probe.tick();
    expect(events.length).toBe(afterChange);

    service = await serviceAt(dir, port);
    const back = clock.now;
    while (status.get().online !== true && clock.now - back < 10_000) {
      clock.now += PROBE.everyMs;
      await probe.tick();
    }
    expect(status.get().online).toBe(true);
    expect(clock.now - back).toBeLessThanOrEqual(5_000);
    await probe.stop();
    await service.close();
  });

  it('a service that takes the connection and says nothing is gone after the probe’s short wait', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const client = countingClient(`http://127.0.0.1:${port}/api/v2`, { retry: NO_RETRY, timeoutMs: 10_000 });
    const status = createStatus();
    status.update({ online: true, lastOnlineAt: iso(Date.parse('2026-03-10T10:00:00Z')) });
    const probe = createProbe({ api: client.api, now: Date.now, status, reached: () => {} });
    const started = performance.now();
    await probe.tick();
    const waited = performance.now() - started;
    expect(status.get().online).toBe(false);
    // The probe's own timeout, not the client's 10 s.
    expect(waited).toBeLessThan(PROBE.timeoutMs + 1_000);
    await probe.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('the engine with nothing due', () => {
  it('says offline within 5 s of the service stopping, and online within 5 s of its return', async () => {
    const dir = tempDir('foyer-probe-engine-');
    let service = await serviceAt(dir);
    const port = portOf(service);
    const client = countingClient(service.baseUrl, { retry: NO_RETRY, timeoutMs: 5_000 });
    // Every pull an hour apart, nothing queued: after the first pulls nothing is due.
    const config = makeConfig({
      intervals: { incrementalSeconds: 3600, checkInsSeconds: 3600, referenceSeconds: 3600, fullSeconds: 86_400 },
    });
    const engine = createSyncEngine({ mirror: tempMirror(), api: client.api, config: () => config });
    engine.start();
    await expect.poll(() => engine.status.get().online, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => Object.values(engine.status.get().resources).every((r) => r && !r.running)).toBe(true);

    await service.close();
    const stopped = performance.now();
    await expect.poll(() => engine.status.get().online, { timeout: 10_000, interval: 50 }).toBe(false);
    const offlineAfter = performance.now() - stopped;

    service = await serviceAt(dir, port);
    const restarted = performance.now();
    await expect.poll(() => engine.status.get().online, { timeout: 10_000, interval: 50 }).toBe(true);
    const onlineAfter = performance.now() - restarted;
    console.log(
      `probe: offline ${Math.round(offlineAfter)} ms after the stop, online ${Math.round(onlineAfter)} ms after the start`,
    );
    expect(offlineAfter).toBeLessThan(5_000);
    expect(onlineAfter).toBeLessThan(5_000);
    await engine.stop();
    await service.close();
  }, 60_000);
});
