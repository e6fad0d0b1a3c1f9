/**
 * The morning rush through one hub (issue 36): `foyer hub` in its own
 * process on HTTPS, 8 kiosk devices and 3 desk devices paired to it (each
 * an HTTPS client from its own address, with its session and its event
 * stream held open), 600 invited guests in parties of 2-3 arriving over 15
 * minutes, most in the middle third, each typing their name a letter at a
 * time; 60 walk-ins (10 %) approved at a desk; 30 check-outs (5 %) at the
 * kiosks; two desks searching all the while; the reference service (its own
 * process) behind a link that answers 20 % of requests 1-3 s late and is
 * down for 2 minutes in the middle (rush-relay.ts).
 *
 * RUSH_TIMES=shown (CI: `.ci/run` runs RUSH_SECONDS=90 after the tests) prints the
 * times without failing on them: a shared machine's times are its own, while
 * errors and exactly-once hold on any machine.
 *
 * RUSH_SECONDS=90 runs the same load in 90 s: every time in it scaled alike
 * (people's pace, the outage, the slow answers: 0.1-0.3 s), so that the
 * outbox's backlog is the full run's. RUSH_CPU_PROF=DIR profiles the hub
 * (node --cpu-prof, written when it stops).
 *
 * Targets: check-in tap to success p99 < 250 ms, lookup keystroke p99 <
 * 100 ms, arrival on every desk's list p99 < 1 s, no errors, every guest
 * exactly once at the service.
 */
import { loadavg } from 'node:os';
import Database from 'better-sqlite3';
import { mulberry32 } from '../../service/demo/random.ts';
import { GUESTS_EVERY_MS } from '../../renderer/src/stores/pace.ts';
import { Desk, Kiosk, paceAt, RushRecord, sleep, today } from './rush-actors.ts';
import { FULL_SECONDS, planRush } from './rush-plan.ts';
import { mirrorFile, openRushSite } from './rush-site.ts';
import { type Check, percentile, report, step } from './support.ts';

const KIOSKS = 8;
const DESKS = 3;
const SLOW_SHARE = 0.2;
/** After the last guest: how long the hub may take to deliver everything (the outbox, the walk-ins' pulls). */
const DRAIN_LIMIT_MS = 180_000;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface Visit {
  at: number;
  what: string;
  run(kiosk: Kiosk): Promise<void>;
}

export async function run(): Promise<boolean> {
  const seconds = Number(process.env.RUSH_SECONDS ?? FULL_SECONDS);
  // CI (.ci/run): the times are shown, and only what is true on any machine fails the run (errors, exactly once).
  const timesShown = process.env.RUSH_TIMES === 'shown';
  const within = (value: number, limit: number) => timesShown || value < limit;
  const scale = seconds / FULL_SECONDS;
  const rushMs = seconds * 1000;
  const outageMs = 120_000 * scale;
  const runId = Date.now().toString(36);
  const plan = planRush(runId, rushMs);
  const pace = paceAt(scale);
  const invitedCount = plan.parties.reduce((n, p) => n + p.guests.length, 0);
  console.log(
    `rush: ${invitedCount} invited in ${plan.parties.length} parties, ${plan.walkIns.length} walk-ins, ` +
      `${plan.checkOuts.length} check-outs over ${seconds} s; ${KIOSKS} kiosks, ${DESKS} desks; ` +
      `service link: ${SLOW_SHARE * 100} % answers ${scale.toFixed(1)}-${(3 * scale).toFixed(1)} s late, down ${(outageMs / 1000).toFixed(0)} s mid-rush; load average ${load()}`,
  );
  const site = await step('open the site', () =>
    openRushSite({
      events: plan.events(Date.now()),
      relay: { slowShare: SLOW_SHARE, slowMs: [1_000 * scale, 3_000 * scale], seed: 36 },
      ...(process.env.RUSH_CPU_PROF ? { cpuProfDir: process.env.RUSH_CPU_PROF } : {}),
    }),
  );
  const record = new RushRecord();
  const desks: Desk[] = [];
  const kiosks: Kiosk[] = [];
  try {
    for (let i = 0; i < KIOSKS; i++) kiosks.push(new Kiosk(await site.device('kiosk', `Lobby ${i + 1}`), record, pace));
    for (let i = 0; i < DESKS; i++)
      desks.push(new Desk(await site.device('desk', `Reception ${i + 1}`), record, pace, i === DESKS - 1));
    await step('the hub mirrors the day', async () => {
      for (;;) {
        const page = await desks[0]!.device.call('guests.list', { ...today(), limit: 1 });
        if ((page.total as number) >= invitedCount) return;
        await sleep(250);
      }
    });
    for (const desk of desks) await desk.open();
    const versionBefore = Math.max(...desks.map((d) => d.version));
    for (const kiosk of kiosks) await kiosk.open();

    const partiesDone = new Set<string>();
    const visits: Visit[] = [
      ...plan.parties.map((party) => ({
        at: party.at,
        what: 'party',
        run: async (kiosk: Kiosk) => {
          try {
            await kiosk.party(party.guests[0]!, party.eventName);
          } finally {
            partiesDone.add(party.eventName);
          }
        },
      })),
      ...plan.walkIns.map(({ at, ...visitor }) => ({ at, what: 'walk-in', run: (k: Kiosk) => k.walkIn(visitor) })),
      ...plan.checkOuts.map((leaving) => ({
        at: leaving.at,
        what: 'check-out',
        run: async (kiosk: Kiosk) => {
          while (!partiesDone.has(leaving.eventName)) await sleep(100);
          await kiosk.checkOut(leaving.guest, leaving.eventName);
        },
      })),
    ].sort((a, b) => a.at - b.at);

    const t0 = Date.now();
    const cpu0 = site.hub.cpuMs();
    const ownCpu0 = process.cpuUsage();
    const outage = sleep(rushMs / 2 - outageMs / 2).then(async () => {
      await site.relay.down();
      console.log(`  the service is down at ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      await sleep(outageMs);
      await site.relay.up();
      console.log(`  the service is back at ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    });
    const names = plan.parties.flatMap((p) => p.guests.map((g) => g.lastName));
    const random = mulberry32(9);
    const searches = desks.slice(0, 2).map((desk) => desk.search(names, t0 + rushMs, random));
    const queue = [...visits];
    const lines = kiosks.map(async (kiosk) => {
      for (let visit = queue.shift(); visit; visit = queue.shift()) {
        await sleep(t0 + visit.at - Date.now());
        await visit.run(kiosk);
      }
    });
    await step('the rush', () => Promise.all(lines), rushMs + 900_000);
    const rushEnd = Date.now();
    const cpuShare = (site.hub.cpuMs() - cpu0) / (rushEnd - t0);
    const ownCpu = process.cpuUsage(ownCpu0);
    const ownShare = (ownCpu.user + ownCpu.system) / 1000 / (rushEnd - t0);
    await outage;
    await Promise.all(searches);
    console.log(
      `  last guest served at ${((rushEnd - t0) / 1000).toFixed(0)} s; load average ${load()}; ` +
        `the load generator (this process, the link included) used ${(ownShare * 100).toFixed(0)} % of a core`,
    );

    // Exactly once: what the service holds, and what it accepted on the way (counted by the link).
    const checkOutIds = new Set(plan.checkOuts.map((c) => c.guest.sourceId));
    const db = new Database(site.serviceDb, { readonly: true, fileMustExist: true });
    const rows = () =>
      db
        .prepare(
          `SELECT e.source_id AS event, i.source_id AS sourceId, i.id, coalesce(k.state, 'EXPECTED') AS state
           FROM invitations i JOIN events e ON e.id = i.event_id LEFT JOIN check_ins k ON k.id = i.id
           WHERE e.source_id LIKE ? OR e.source_id LIKE 'foyer-walk-in-%'`,
        )
        .all(`rush-${runId}-%`) as { event: string; sourceId: string; id: number; state: string }[];
    const settled = (r: { sourceId: string; state: string }) =>
      r.state === (checkOutIds.has(r.sourceId) ? 'CHECKED_OUT' : 'CHECKED_IN');
    const drainStarted = Date.now();
    let held = rows();
    while (Date.now() - drainStarted < DRAIN_LIMIT_MS) {
      const welcomed = held.filter((r) => r.event.startsWith('foyer-walk-in-')).length >= record.welcomedAt.size;
      const ours = (r: (typeof held)[number]) => record.tappedAt.has(r.id) || r.event.startsWith('foyer-walk-in-');
      if (welcomed && held.every((r) => !ours(r) || settled(r))) break;
      await sleep(1_000);
      held = rows();
    }
    const drainMs = Date.now() - drainStarted;
    const peakRssMb = site.hub.peakRssMb();
    db.close();

    const counted = (id: number, name: string) => site.relay.transitions.get(`${id} ${name}`) ?? 0;
    const walkInRows = held.filter((r) => r.event.startsWith('foyer-walk-in-'));
    const expectedOf = (r: (typeof held)[number]) => ({
      CHECK_IN: 1,
      CHECK_OUT: checkOutIds.has(r.sourceId) ? 1 : 0,
      UNDO_CHECK_IN: 0,
    });
    // Lost: a check-in a kiosk was told succeeded (or a walk-in let in) that never reached the service; a guest
    // whose own call failed at the kiosk is an error above, not a loss of the hub's.
    const served = new Set(record.tappedAt.keys());
    const mine = held.filter((r) => served.has(r.id) || r.event.startsWith('foyer-walk-in-'));
    let lost = 0;
    let twice = 0;
    for (const r of mine)
      for (const [name, wanted] of Object.entries(expectedOf(r))) {
        const n = counted(r.id, name);
        if (n < wanted) lost++;
        if (n > wanted) twice++;
      }
    lost += served.size - held.filter((r) => served.has(r.id)).length;
    lost += record.welcomedAt.size - held.filter((r) => r.event.startsWith('foyer-walk-in-')).length;
    const unsettled = mine.filter((r) => !settled(r)).length;
    if (lost + unsettled > 0) {
      const status = await record.call(desks[DESKS - 1]!.device, 'sync.status', {});
      console.log(`  not settled: the hub's outbox ${JSON.stringify(status?.outbox)}; its log's last lines:`);
      for (const line of site.hub.log.slice(-12)) console.log(`    ${line.slice(0, 240)}`);
      const stuck = mine.filter((r) => !settled(r)).slice(0, 10);
      console.log(`  e.g. at the service: ${stuck.map((r) => `${r.sourceId} ${r.id} ${r.state}`).join('; ')}`);
      const hubDb = new Database(mirrorFile(site.dataDir), { readonly: true, fileMustExist: true });
      const walkIns = hubDb
        .prepare('SELECT state, invitation_id IS NOT NULL AS linked, count(*) AS n FROM walk_ins GROUP BY 1, 2')
        .all();
      console.log(`  the hub's walk-ins: ${JSON.stringify(walkIns)}`);
      hubDb.close();
    }
    const walkInEvents = [...site.relay.events].filter(([id]) => id.startsWith('foyer-walk-in-'));

    // Arrival on every desk: each check-in's version in the hub's change log (its first change after the
    // rush began), and when each desk's stream brought that version or a later one.
    const mirror = new Database(mirrorFile(site.dataDir), { readonly: true, fileMustExist: true });
    const versionOf = new Map(
      mirror
        .prepare('SELECT invitation_id, min(seq) FROM guest_changes WHERE seq > ? GROUP BY invitation_id')
        .raw()
        .all(versionBefore) as [number, number][],
    );
    mirror.close();
    const arrivals: number[] = [];
    const onLists: number[] = [];
    let missing = 0;
    for (const [id, tapAt] of record.tappedAt) {
      const version = versionOf.get(id) ?? Infinity;
      const heard = record.heard.map((events) => events.find((e) => e.version >= version)?.at);
      const listed = record.onDesk.map((desk) => desk.get(id));
      if (heard.some((at) => at === undefined)) missing++;
      else arrivals.push(Math.max(...(heard as number[])) - tapAt);
      if (listed.every((at) => at !== undefined)) onLists.push(Math.max(...(listed as number[])) - tapAt);
    }
    if (missing > 0) record.error('a check-in never heard by every desk', `${missing} guests`);
    const approvals = [...record.welcomedAt].map(([company, at]) => at - (record.approvedAt.get(company) ?? at));

    const lookups = sorted(record.lookups);
    const taps = sorted(record.taps);
    const calls = sorted(record.checkInCalls);
    const onDesks = sorted(arrivals);
    const listedAll = sorted(onLists);
    const searchTimes = sorted(record.searches);
    const welcome = sorted(approvals);
    const outs = sorted(record.checkOuts);
    const errors = [...record.errors.values()].reduce((a, b) => a + b, 0);
    const p = (values: number[], q: number) => percentile(values, q).toFixed(0);
    console.log(
      `  lookups ${lookups.length}, p50 ${p(lookups, 50)} ms; asked again on a change ${record.refreshes.length}; taps ${taps.length} (check-in calls ${calls.length}, ` +
        `p50 ${p(calls, 50)} / p99 ${p(calls, 99)} ms); check-outs ${outs.length}, p50 ${p(outs, 50)} / p99 ${p(outs, 99)} ms`,
    );
    console.log(
      `  desk searches ${searchTimes.length}: p50 ${p(searchTimes, 50)} / p99 ${p(searchTimes, 99)} ms; ` +
        `walk-in approval to the kiosk's welcome (it asks every second) ${welcome.length}: p50 ${p(welcome, 50)} / p99 ${p(welcome, 99)} ms`,
    );
    console.log(
      `  arrival on every desk's list as the screen asks for it (at most every ${GUESTS_EVERY_MS} ms): p50 ${p(listedAll, 50)} / ` +
        `p99 ${p(listedAll, 99)} ms (${listedAll.length} of ${record.tappedAt.size} check-ins)`,
    );
    console.log(
      `  event stream bytes per desk: ${desks.map((d) => `${((d.stream?.received.bytes ?? 0) / 1024).toFixed(0)} KB`).join(', ')}; ` +
        `per kiosk ${kiosks.map((k) => ((k.stream?.received.bytes ?? 0) / 1024).toFixed(0)).join(', ')} KB`,
    );
    console.log(
      `  service link: ${site.relay.requests} requests, ${site.relay.slow} held late, ${site.relay.refusedWhileDown} refused while down; ` +
        `delivered ${(drainMs / 1000).toFixed(1)} s after the last guest; walk-in events at the service ${walkInEvents.length} ` +
        `(sent ${walkInEvents.reduce((n, [, c]) => n + c, 0)} times); ${walkInRows.length} walk-in invitations`,
    );
    const byType = new Map<string, number>();
    for (const event of desks[0]!.stream?.events ?? []) {
      const { at: _at, ...sent } = event;
      byType.set(event.type, (byType.get(event.type) ?? 0) + JSON.stringify(sent).length + 8);
    }
    console.log(
      `  a desk's stream by event: ${[...byType].map(([type, n]) => `${type} ${(n / 1024).toFixed(0)} KB`).join(', ')}`,
    );
    console.log(
      `  desks locked after the site's idle time and unlocked again with the PIN (not errors): ${record.idleLocks}`,
    );
    for (const [what, n] of record.errors) console.log(`  error ×${n}: ${what}`);
    for (const example of record.examples) console.log(`    e.g. ${example}`);

    const deskBytes = Math.max(...desks.map((d) => d.stream?.received.bytes ?? 0)) / 1024;
    const checks: Check[] = [
      { name: 'lookup keystroke p50', value: percentile(lookups, 50), unit: 'ms', target: '(shown)', ok: true },
      {
        name: 'lookup keystroke p99',
        value: percentile(lookups, 99),
        unit: 'ms',
        target: timesShown ? '< 100 (shown)' : '< 100',
        ok: within(percentile(lookups, 99), 100),
      },
      { name: 'check-in tap to success p50', value: percentile(taps, 50), unit: 'ms', target: '(shown)', ok: true },
      {
        name: 'check-in tap to success p99',
        value: percentile(taps, 99),
        unit: 'ms',
        target: timesShown ? '< 250 (shown)' : '< 250',
        ok: within(percentile(taps, 99), 250),
      },
      {
        name: 'walk-in approval to kiosk welcome p99',
        value: percentile(welcome, 99),
        unit: 'ms',
        target: '(shown)',
        ok: true,
      },
      {
        name: 'arrival on every desk p99 (its event)',
        value: percentile(onDesks, 99),
        unit: 'ms',
        target: '(shown)',
        ok: true,
      },
      {
        // Issue 36's figure: the tap to the guest on every desk's list, as the desk's screen asks for it.
        name: "arrival on every desk's list p99",
        value: percentile(listedAll, 99),
        unit: 'ms',
        target: timesShown ? '< 1000 (shown)' : '< 1000',
        ok: within(percentile(listedAll, 99), 1000),
      },
      { name: 'hub CPU share (of one core)', value: cpuShare * 100, unit: '%', target: '(shown)', ok: true },
      { name: 'hub peak RSS', value: peakRssMb, unit: 'MB', target: '(shown)', ok: true },
      { name: 'event stream per desk, most', value: deskBytes, unit: 'KB', target: '(shown)', ok: true },
      { name: 'errors', value: errors, unit: '', target: '0', ok: errors === 0 },
      { name: 'served guests not at the service', value: lost, unit: '', target: '0', ok: lost === 0 },
      { name: 'transitions sent twice', value: twice, unit: '', target: '0', ok: twice === 0 },
      { name: 'served guests not in their final state', value: unsettled, unit: '', target: '0', ok: unsettled === 0 },
    ];
    return report(`the morning rush in ${seconds} s (load average at the end ${load()})`, checks);
  } finally {
    for (const actor of [...desks, ...kiosks]) actor.close();
    await site.close();
  }
}
