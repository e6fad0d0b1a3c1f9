/**
 * The write path, against the reference service in a second process
 * (`--demo --demo-invitations 100000`, one process for all of it):
 * (a) pushing 10,000 identities from a CSV through the outbox (import, queue,
 *     deliver) vs a bare undici loop of PUTs of the same batches of 200:
 *     ratio of the medians of 5 alternating runs <= 1.3;
 * (b) local check-in latency, from the call of queueTransition to its
 *     committed mirror row, for 500 check-ins spread over a full sync of all
 *     four demo locations (~100,000 invitations) running in this process:
 *     p99 < 10 ms. The delay from the moment a check-in was due (a timer) to
 *     its commit, which includes the event loop being busy with the sync, is
 *     shown too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { createApiClient } from '../../electron/core/api/client.ts';
import { Config } from '../../electron/core/config/config.ts';
import { openMirror } from '../../electron/core/db/mirror.ts';
import { importIdentities } from '../../electron/core/imports/identities.ts';
import { createOutbox } from '../../electron/core/outbox/outbox.ts';
import { checkInClosedReason } from '../../electron/core/outbox/transitions.ts';
import { pullInvitations, syncWindow } from '../../electron/core/sync/pulls.ts';
import { LIMITS, type PermanentIdentityItem } from '../../shared/api/index.ts';
import { type Check, percentile, report, spawnService } from './support.ts';

const TOKEN = 'foyer-demo-token';
const INVITATIONS = 100_000;
const IDENTITIES = 10_000;
/** Alternating runs of each; the figures are medians (the machine is shared and noisy). */
const RUNS = 5;
const CHECK_INS = 500;
const LOCATIONS = [10, 11, 12, 13];

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The CSV of a run, and the same identities as API items (what the import must produce). */
function identities(prefix: string): { csv: string; items: PermanentIdentityItem[] } {
  const items: PermanentIdentityItem[] = [];
  const lines = ['sourceId,email,firstName,lastName,companyName,startsAt,endsAt,accessProfiles,custom.costCentre'];
  for (let i = 0; i < IDENTITIES; i++) {
    const item = {
      sourceId: `${prefix}-${i}`,
      email: `${prefix}.${i}@example.test`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      companyName: 'Bench Ltd',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2027-01-01T00:00:00.000Z',
      accessProfiles: [{ accessProfileGroupSourceId: 'berlin-lobby', sourceId: 'ber-main-entrance' }],
      customFields: { costCentre: `CC-${i % 50}` },
    };
    items.push(item);
    lines.push(
      [
        item.sourceId,
        item.email,
        item.firstName,
        item.lastName,
        item.companyName,
        item.startsAt,
        item.endsAt,
        'berlin-lobby:ber-main-entrance',
        item.customFields.costCentre,
      ].join(','),
    );
  }
  return { csv: `${lines.join('\n')}\n`, items };
}

export async function run(): Promise<boolean> {
  const seedStart = performance.now();
  const service = await spawnService(['--demo', '--demo-invitations', String(INVITATIONS)]);
  console.log(
    `service with ${INVITATIONS} invitations ready in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const tmp = mkdtempSync(join(tmpdir(), 'foyer-push-bench-'));
  const base = new URL(service.baseUrl);
  const api = createApiClient({ baseUrl: service.baseUrl, token: TOKEN });
  const pool = new Pool(base.origin, { connections: 1 });
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json' };
  let mirrors = 0;
  const freshMirror = () => {
    const path = join(tmp, `mirror-${++mirrors}.db`);
    return { mirror: openMirror(path), path };
  };
  const removeDb = (path: string) => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  };

  try {
    // ---------------------------------------------------------------- (a) push 10,000 identities
    /** The floor: the same batches of 200, PUT one after the other, each answer read and checked. */
    const bareLoop = async (items: PermanentIdentityItem[]) => {
      const t0 = performance.now();
      for (let start = 0; start < items.length; start += LIMITS.identitiesPerRequest) {
        const body = JSON.stringify({ permanentIdentities: items.slice(start, start + LIMITS.identitiesPerRequest) });
        const response = await pool.request({
          method: 'PUT',
          path: `${base.pathname}/permanent-identities`,
          headers,
          body,
        });
        const result = (await response.body.json()) as { permanentIdentities: { status: string }[] };
        if (response.statusCode !== 200 || result.permanentIdentities.some((r) => r.status !== 'SUCCESS'))
          throw new Error(`PUT /permanent-identities: ${response.statusCode}`);
      }
      return performance.now() - t0;
    };

    /** Foyer: import the CSV, queue it in the outbox, deliver; the mirror's opening and closing are not timed. */
    const foyerPush = async (csvPath: string) => {
      const { mirror, path } = freshMirror();
      try {
        const config = Config.parse({});
        const outbox = createOutbox({ mirror, api, config: () => config });
        const t0 = performance.now();
        const imported = await importIdentities(csvPath);
        if (imported.issues.length > 0 || imported.items.length !== IDENTITIES)
          throw new Error(`import: ${imported.items.length} items, ${imported.issues.length} issues`);
        const t1 = performance.now();
        const queued = outbox.queueIdentities(imported.items, {
          source: csvPath,
          label: 'bench',
          lines: imported.lines,
        });
        const t2 = performance.now();
        const summary = await outbox.deliver();
        const t3 = performance.now();
        if (summary.delivered !== queued.outboxIds.length || summary.pending !== 0 || summary.failed !== 0)
          throw new Error(`delivery: ${JSON.stringify(summary)}`);
        return { ms: t3 - t0, importMs: t1 - t0, queueMs: t2 - t1, deliverMs: t3 - t2, rows: queued.outboxIds.length };
      } finally {
        mirror.close();
        removeDb(path);
      }
    };

    // Warm-up of both paths (JIT, connections, the service's statement cache).
    {
      const warm = identities('warm');
      const csv = join(tmp, 'warm.csv');
      writeFileSync(csv, warm.csv);
      await bareLoop(warm.items.slice(0, 2_000));
      await foyerPush(csv);
    }
    const bareTimes: number[] = [];
    const foyerTimes: number[] = [];
    const parts = { importMs: [] as number[], queueMs: [] as number[], deliverMs: [] as number[] };
    for (let r = 0; r < RUNS; r++) {
      // New sourceIds in every run: both paths insert, neither updates.
      const bare = identities(`bare${r}`);
      bareTimes.push(await bareLoop(bare.items));
      const pushed = identities(`foyer${r}`);
      const csv = join(tmp, `identities-${r}.csv`);
      writeFileSync(csv, pushed.csv);
      const result = await foyerPush(csv);
      foyerTimes.push(result.ms);
      parts.importMs.push(result.importMs);
      parts.queueMs.push(result.queueMs);
      parts.deliverMs.push(result.deliverMs);
      console.log(
        `run ${r + 1}: bare PUT loop ${bareTimes[r]!.toFixed(0)} ms; Foyer ${result.ms.toFixed(0)} ms = import ` +
          `${result.importMs.toFixed(0)} + queue ${result.queueMs.toFixed(0)} + deliver ${result.deliverMs.toFixed(0)} ms (${result.rows} requests)`,
      );
    }
    const bareMs = median(bareTimes);
    const foyerMs = median(foyerTimes);
    const ratio = foyerMs / bareMs;
    const deliverRatio = median(parts.deliverMs) / bareMs;
    console.log(
      `(a) ${IDENTITIES} identities: bare loop ${bareMs.toFixed(0)} ms, Foyer ${foyerMs.toFixed(0)} ms, ratio ${ratio.toFixed(2)}`,
    );

    // ---------------------------------------------------------------- (b) check-ins during a full sync
    const { mirror, path } = freshMirror();
    let tapToCommit: number[] = [];
    let callToCommit: number[] = [];
    let duringSync = 0;
    let syncMs = 0;
    let received = 0;
    let passes = 0;
    try {
      const NOW = Date.now();
      const config = Config.parse({ locationId: 10 });
      // The guests to check in come from a first sync of location 10.
      const first = performance.now();
      await pullInvitations({ mirror, api, config, now: () => NOW }, 'full');
      const firstMs = performance.now() - first;
      const window = syncWindow(config, NOW);
      const expected = mirror.guests
        .list({ locationId: 10, from: window.from, to: window.to, category: 'expected' })
        // Only guests whose check-in window is open: the core refuses the others before queueing.
        .filter((g) => checkInClosedReason(g, NOW) === undefined)
        .map((g) => g.invitationId);
      if (expected.length < CHECK_INS) throw new Error(`only ${expected.length} expected guests at location 10`);
      const step = Math.floor(expected.length / CHECK_INS);
      const chosen = Array.from({ length: CHECK_INS }, (_, i) => expected[i * step]!);
      const total = mirror.invitations.count();
      console.log(`first sync of location 10: ${total} invitations in ${firstMs.toFixed(0)} ms`);

      const outbox = createOutbox({ mirror, api, config: () => config });
      // Spread the check-ins over about one full sync of all four locations (estimated from the first sync);
      // the full sync is run again until every check-in is made, so that each one happens while it runs.
      const expectedSyncMs = (firstMs * INVITATIONS) / Math.max(1, total);
      const interval = Math.max(1, expectedSyncMs / CHECK_INS);
      let checkInsDone = false;
      let syncing = true;
      const sync = (async () => {
        const t0 = performance.now();
        while (!checkInsDone) {
          passes++;
          for (const locationId of LOCATIONS) {
            const result = await pullInvitations(
              { mirror, api, config: Config.parse({ locationId }), now: () => NOW },
              'full',
            );
            received += result.received;
          }
        }
        syncMs = performance.now() - t0;
        syncing = false;
      })();
      const checkIns = (async () => {
        let due = performance.now();
        for (const id of chosen) {
          due += interval;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          else await new Promise((resolve) => setImmediate(resolve));
          const t0 = performance.now();
          outbox.queueTransition(id, 'checkIn', 'kiosk');
          const t1 = performance.now();
          callToCommit.push(t1 - t0);
          tapToCommit.push(t1 - Math.min(due, t0));
          if (syncing) duringSync++;
        }
        checkInsDone = true;
      })();
      await Promise.all([sync, checkIns]);
      callToCommit = callToCommit.sort((a, b) => a - b);
      tapToCommit = tapToCommit.sort((a, b) => a - b);
      const queued = outbox.counts().pending;
      if (queued !== CHECK_INS) throw new Error(`${queued} check-ins queued, expected ${CHECK_INS}`);
      console.log(
        `(b) ${passes} full sync pass(es) of the 4 locations, ${received} invitations in ${(syncMs / 1000).toFixed(1)} s; ` +
          `${duringSync} of ${CHECK_INS} check-ins while it ran, one every ${interval.toFixed(0)} ms`,
      );
    } finally {
      mirror.close();
      removeDb(path);
    }

    const checks: Check[] = [
      { name: 'push 10,000 identities: bare PUT loop (median)', value: bareMs, unit: 'ms', target: '', ok: true },
      { name: 'push 10,000 identities: Foyer outbox (median)', value: foyerMs, unit: 'ms', target: '', ok: true },
      { name: 'push ratio Foyer / bare loop', value: ratio, unit: 'x', target: '<= 1.3', ok: ratio <= 1.3 },
      { name: '  of which import (median)', value: median(parts.importMs), unit: 'ms', target: '', ok: true },
      { name: '  of which queue (median)', value: median(parts.queueMs), unit: 'ms', target: '', ok: true },
      { name: '  of which deliver (median)', value: median(parts.deliverMs), unit: 'ms', target: '', ok: true },
      { name: '  deliver only / bare loop', value: deliverRatio, unit: 'x', target: '', ok: true },
      {
        name: 'check-in call to commit p50 (during sync)',
        value: percentile(callToCommit, 50),
        unit: 'ms',
        target: '',
        ok: true,
      },
      {
        name: 'check-in call to commit p99 (during sync)',
        value: percentile(callToCommit, 99),
        unit: 'ms',
        target: '< 10',
        ok: percentile(callToCommit, 99) < 10,
      },
      {
        name: 'check-in due to commit p50 (event loop incl.)',
        value: percentile(tapToCommit, 50),
        unit: 'ms',
        target: '',
        ok: true,
      },
      {
        name: 'check-in due to commit p99 (event loop incl.)',
        value: percentile(tapToCommit, 99),
        unit: 'ms',
        target: '',
        ok: true,
      },
      {
        name: 'check-ins made while the sync ran',
        value: duringSync,
        unit: `of ${CHECK_INS}`,
        target: `${CHECK_INS}`,
        ok: duringSync === CHECK_INS,
      },
    ];
    return report('write path: outbox push and local check-ins (service in a second process, loopback)', checks);
  } finally {
    await pool.close();
    await api.close();
    await service.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
