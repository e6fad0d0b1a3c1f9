/**
 * Scenario (g) of `npm run bench -- sync` (see sync.bench.ts): kiosk check-ins
 * during a full sync of all four locations, timed from when each was due to
 * its commit in the mirror.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createOutbox } from '../../electron/core/outbox/outbox.ts';
import { pullInvitations } from '../../electron/core/sync/pulls.ts';
import { percentile } from './support.ts';
import { ALL_LOCATIONS, CHECK_IN_EVERY_MS, CONCURRENCY, fmt, LOCATION, type SyncBench } from './sync-context.ts';

export async function kioskDuringSyncScenario(bench: SyncBench): Promise<void> {
  const { api, config, NOW, checks, freshMirror, removeDb } = bench;
  const { mirror, path } = freshMirror();
  try {
    const first = await pullInvitations({ mirror, api, config, now: () => NOW, concurrency: CONCURRENCY }, 'full');
    // Guests who may check in now: not yet arrived, their event under way or starting within 20 hours, and
    // ending in more than an hour by the clock (the check-in is refused after the event ended, and on a busy
    // machine this scenario may start minutes after the window of the mirror was fixed).
    const clock = Date.now();
    const expected = mirror.db
      .prepare(
        `SELECT i.id FROM invitations i LEFT JOIN check_ins c ON c.id = i.id
           WHERE i.location_id = ? AND i.ends_at > ? AND i.starts_at < ? AND c.id IS NULL ORDER BY i.id`,
      )
      .pluck()
      .all(
        LOCATION,
        new Date(Math.max(NOW, clock) + 3_600_000).toISOString(),
        new Date(Math.min(NOW, clock) + 20 * 3_600_000).toISOString(),
      ) as number[];
    const outbox = createOutbox({ mirror, api, config: () => config });
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const dueToCommit: number[] = [];
    let syncing = true;
    let received = 0;
    const t0 = performance.now();
    loop.enable();
    const sync = (async () => {
      for (const locationId of ALL_LOCATIONS) {
        const result = await pullInvitations(
          { mirror, api, config: { ...config, locationId }, now: () => NOW, concurrency: CONCURRENCY },
          'full',
        );
        received += result.received;
      }
      syncing = false;
    })();
    const taps = (async () => {
      let due = performance.now();
      for (let i = 0; syncing && i < expected.length; i++) {
        due += CHECK_IN_EVERY_MS;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!syncing) break;
        const start = performance.now();
        outbox.queueTransition(expected[i]!, 'checkIn', 'kiosk');
        dueToCommit.push(performance.now() - Math.min(due, start));
      }
    })();
    await Promise.all([sync, taps]);
    loop.disable();
    const syncMs = performance.now() - t0;
    dueToCommit.sort((a, b) => a - b);
    const p99 = percentile(dueToCommit, 99);
    console.log(
      `(g) ${dueToCommit.length} kiosk check-ins, one every ${CHECK_IN_EVERY_MS} ms, during a full sync of ` +
        `${received} invitations (4 locations, ${(syncMs / 1000).toFixed(1)} s; location ${LOCATION} had ${first.received} ` +
        `already): due to commit p50 ${fmt(percentile(dueToCommit, 50))}, p99 ${fmt(p99)}, max ${fmt(dueToCommit.at(-1)!)}; ` +
        `event-loop delay p99 ${fmt(loop.percentile(99) / 1e6)}, max ${fmt(loop.max / 1e6)}`,
    );
    checks.push(
      {
        name: '(g) kiosk check-in during full sync, due to commit p99',
        value: p99,
        unit: 'ms',
        target: '< 50',
        ok: p99 < 50 && dueToCommit.length >= 20,
      },
      { name: '(g) event-loop delay during it (max)', value: loop.max / 1e6, unit: 'ms', target: '', ok: true },
    );
  } finally {
    mirror.close();
    removeDb(path);
  }
}
