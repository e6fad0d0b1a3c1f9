/**
 * Scenario (c) of `npm run bench -- sync` (see sync.bench.ts): an incremental
 * sync with nothing changed, through the engine; the 30-second pass timed on
 * its own, and all four resources together.
 */
import { performance } from 'node:perf_hooks';
import { createSyncEngine } from '../../electron/core/sync/engine.ts';
import type { Resource } from '../../electron/core/sync/status.ts';
import { type EndpointName } from '../../shared/api/index.ts';
import { fmt, LOCATION, median, SYNC_RESOURCES, type SyncBench } from './sync-context.ts';

export async function incrementalScenario(bench: SyncBench): Promise<void> {
  const { api, config, NOW, requests, checks, freshMirror, removeDb } = bench;
  const { mirror, path } = freshMirror();
  try {
    const engine = createSyncEngine({ mirror, api, config: () => config, now: () => NOW });
    const first = await engine.syncNow({ full: true });
    for (const [resource, outcome] of Object.entries(first))
      if (!outcome.ok) throw new Error(`full sync of ${resource} failed: ${outcome.error.message}`);
    await engine.syncNow(); // warm-up
    const measure = async (resources?: readonly Resource[]) => {
      const times: number[] = [];
      const perRun: Map<EndpointName, number>[] = [];
      let received: Record<string, number> = {};
      for (let i = 0; i < 7; i++) {
        requests.clear();
        const t0 = performance.now();
        const outcomes = await engine.syncNow(resources ? { resources } : {});
        times.push(performance.now() - t0);
        perRun.push(new Map(requests));
        received = {};
        for (const [resource, outcome] of Object.entries(outcomes)) {
          if (!outcome.ok) throw new Error(`incremental sync of ${resource} failed: ${outcome.error.message}`);
          received[resource] = outcome.result.received;
        }
      }
      return { times, perRun, received, median: median(times) };
    };
    const pass = await measure(['invitations', 'checkIns']);
    const all = await measure();
    const rowsAgain = (received: Record<string, number>) =>
      Object.entries(received)
        .map(([r, n]) => `${r} ${n}`)
        .join(', ');
    console.log(
      `(c) the 30-second pass (invitations since the watermark, check-ins in a bounded pass) with nothing changed: ` +
        `${pass.times.map(fmt).join(', ')} (median ${fmt(pass.median)}); rows received again: ${rowsAgain(pass.received)}`,
    );
    console.log(
      `    all four resources at once (as when groups and employees are due, every 10 minutes): ` +
        `${all.times.map(fmt).join(', ')} (median ${fmt(all.median)}); rows received again: ${rowsAgain(all.received)}`,
    );
    for (const { resource, endpoint, pageSize } of SYNC_RESOURCES) {
      const counts = all.perRun.map((m) => m.get(endpoint) ?? 0);
      const most = Math.max(...counts);
      const rows = all.received[resource] ?? 0;
      const note =
        most > 1
          ? ` -- ${rows} ${resource} ${resource === 'employees' ? `of company ${config.companyId}` : `at location ${LOCATION}`} ` +
            `received again, at most ${pageSize} per page: ` +
            (resource === 'invitations'
              ? 'the changes since the watermark'
              : resource === 'checkIns'
                ? 'no change filter: the recent end and the pages of older guests on site (see (f))'
                : 'the interface has no change filter for them, so they are listed in full')
          : '';
      console.log(`    ${resource}: ${counts.join(', ')} requests per sync${note}`);
      // Only invitations have a change filter (updatedSince): one request when nothing changed. The
      // others are listed without one; check-ins are bounded per pass instead, measured in (f).
      checks.push({
        name: `(c) incremental: requests for ${resource}`,
        value: most,
        unit: 'requests',
        target: resource === 'invitations' ? '= 1' : resource === 'checkIns' ? '<= 3' : '',
        ok: resource === 'invitations' ? most === 1 : resource === 'checkIns' ? most <= 3 : true,
      });
    }
    checks.push(
      {
        name: '(c) 30-s pass (invitations + check-ins), median of 7',
        value: pass.median,
        unit: 'ms',
        target: '< 50',
        ok: pass.median < 50,
      },
      {
        name: '(c) all four resources, median of 7',
        value: all.median,
        unit: 'ms',
        target: '',
        ok: true,
      },
    );
  } finally {
    mirror.close();
    removeDb(path);
  }
}
