/**
 * Crash safety: a client process (crash-child.ts) queues 2,000 identities and
 * 200 transitions (120 guests checked in, 80 of them checked out) and
 * delivers them; it is killed with SIGKILL at seeded random moments 20 times
 * and restarted each time, then left to finish. The service runs in its own
 * process, untouched by the kills. Afterwards the service holds exactly what
 * was intended, every outbox row is delivered (no 409, nothing sent twice,
 * nothing queued twice), and the mirror's integrity check passes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { testWorld, TEST_TOKEN } from '../../support/world.ts';
import { cleanup, dataDirFor, seedGuests, serviceIdentities, spawnService, tempDir } from './helpers.ts';
import { mulberry32 } from '../../../service/demo/random.ts';
import { bundleScript } from '../../support/bundle.ts';

let script = '';
afterAll(async () => {
  await cleanup();
  if (script) rmSync(dirname(script), { recursive: true, force: true });
});

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const IDENTITIES = 2_000;
const GUESTS = 120;
const CHECK_OUTS = 80;
const KILLS = 20;

interface Identity {
  sourceId: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  startsAt: string;
  endsAt: string;
  accessProfiles: string;
  badge: string;
}

function identities(): Identity[] {
  return Array.from({ length: IDENTITIES }, (_, i) => ({
    sourceId: `crash-${String(i).padStart(4, '0')}`,
    email: `crash.${i}@example.test`,
    firstName: i % 7 === 0 ? `Zoë ${i}` : `First${i}`,
    lastName: i % 11 === 0 ? `O'Brien, ${i}` : `Last${i}`,
    companyName: `Company ${i % 13}`,
    startsAt: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T08:00:00.000Z`,
    endsAt: '2027-12-31T18:00:00.000Z',
    accessProfiles: i % 2 === 0 ? 'berlin-doors:main' : 'berlin-doors:main;berlin-doors:lift',
    badge: ['blue', 'green', 'red'][i % 3]!,
  }));
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

interface Run {
  child: ChildProcess;
  lines: string[];
  ready: Promise<boolean>;
  /** Resolves once the run has delivered `n` rows (or has exited). */
  delivered(n: number): Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startChild(script: string, dataDir: string, baseUrl: string): Run {
  const child = spawn(process.execPath, [script, dataDir, baseUrl, TEST_TOKEN], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      if (code !== 0 && code !== null) lines.push(`stderr: ${stderr}`);
      resolve({ code, signal });
    }),
  );
  let deliveredRows = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  const ready = new Promise<boolean>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (line === 'ready') resolve(true);
      if (line === 'delivered') deliveredRows++;
      for (const wait of waiting.filter((w) => w.n <= deliveredRows)) wait.resolve();
    });
    void exit.then(() => resolve(false));
  });
  const delivered = (n: number) =>
    Promise.race([exit.then(() => undefined), new Promise<void>((resolve) => waiting.push({ n, resolve }))]);
  return { child, lines, ready, delivered, exit };
}

describe('crash safety of the outbox', () => {
  it('SIGKILLed 20 times while queueing and delivering, it ends with the service exactly as intended', async () => {
    const world = structuredClone(testWorld);
    world.companies[0]!.accessProfileGroups = world.companies[0]!.accessProfileGroups!.map((g) =>
      g.sourceId === 'berlin-doors'
        ? {
            ...g,
            accessProfiles: [
              { sourceId: 'main', name: 'Main' },
              { sourceId: 'lift', name: 'Lift' },
            ],
          }
        : g,
    );
    // Each answer takes 30 ms or more, so that the delivery of the 210 rows spans many runs, and kills land mid-request.
    const [service, bundled] = await Promise.all([spawnService(['--latency', '30'], world), bundleScript(CHILD)]);
    script = bundled;
    const { guests } = await seedGuests({ baseUrl: service.baseUrl, db: service.db }, GUESTS);

    const dataDir = dataDirFor(service.baseUrl, tempDir('foyer-crash-'));
    const people = identities();
    writeFileSync(
      join(dataDir, 'identities.csv'),
      [
        'sourceId,email,firstName,lastName,companyName,startsAt,endsAt,accessProfiles,custom.badge',
        ...people.map((p) =>
          [p.sourceId, p.email, p.firstName, p.lastName, p.companyName, p.startsAt, p.endsAt, p.accessProfiles, p.badge]
            .map(csvField)
            .join(','),
        ),
      ].join('\r\n'),
    );

    const random = mulberry32(4242); // the same kill moments from run to run
    const log: string[] = [];
    let finishedEarly = 0;
    let queued = false;
    let preparingRuns = 0;
    let deliveredInKilledRuns = 0;
    for (let kill = 1; kill <= KILLS; kill++) {
      const spawned = performance.now();
      const run = startChild(script, dataDir, service.baseUrl);
      const ready = await run.ready;
      const readyMs = Math.round(performance.now() - spawned);
      expect(ready, `run ${kill} did not start: ${run.lines.join(' | ')}`).toBe(true);
      // Until the work is queued, a run pulls, imports and queues (a second or two): kill anywhere in that, in
      // a window that grows until a run gets the work queued. Once queued, a restarted run reads back and
      // delivers: one run in four is killed within its first 0.7 s, the others once they have delivered 1 to 8
      // rows, 0 to 60 ms later (mid-request: two go at a time, each answer 30 ms or more), however slow the
      // machine is to start them.
      const afterRows = queued && random() >= 0.25 ? 1 + Math.floor(random() * 8) : 0;
      const delay = Math.floor(random() * (!queued ? 1_200 + 600 * preparingRuns : afterRows ? 60 : 700));
      if (!queued) preparingRuns++;
      const timer = () => new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), delay));
      const outcome = await Promise.race([
        afterRows ? run.delivered(afterRows).then(timer) : timer(),
        run.exit.then(() => 'exited' as const),
      ]);
      if (outcome === 'timer') run.child.kill('SIGKILL');
      const { code, signal } = await run.exit;
      if (signal !== 'SIGKILL') {
        expect(code, run.lines.join(' | ')).toBe(0);
        finishedEarly++;
      }
      if (run.lines.some((l) => l.startsWith('queued'))) queued = true;
      const delivered = run.lines.filter((l) => l === 'delivered').length;
      if (signal === 'SIGKILL') deliveredInKilledRuns += delivered;
      const shown = run.lines.filter((l) => l !== 'delivered');
      log.push(
        `${kill}: ready in ${readyMs} ms, ${afterRows ? `${afterRows} delivered ` : ''}+${delay} ms ${signal ?? `exit ${code}`}: ${[...shown, `${delivered} delivered`].join(', ')}`,
      );
    }
    if (process.env.CRASH_LOG) console.log(log.join('\n'));
    // The kills hit the queueing and the delivery, not only the start.
    expect(queued, log.join('\n')).toBe(true);
    expect(deliveredInKilledRuns, log.join('\n')).toBeGreaterThan(0);

    const lastStarted = performance.now();
    const last = startChild(script, dataDir, service.baseUrl);
    const { code } = await last.exit;
    log.push(`last run: ${Math.round(performance.now() - lastStarted)} ms`);
    expect(code, `${last.lines.join(' | ')}\n${log.join('\n')}`).toBe(0);
    expect(last.lines).toContain('done');
    // Most runs were cut short, not finished.
    expect(finishedEarly, log.join('\n')).toBeLessThan(KILLS / 2);

    // ---- the service: exactly the 2,000 identities, with their fields
    const stored = serviceIdentities(service.db());
    expect(stored).toHaveLength(IDENTITIES);
    expect(stored).toEqual(
      people.map((p) => ({
        sourceId: p.sourceId,
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        companyName: p.companyName,
        customFields: JSON.stringify({ badge: p.badge }),
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        deletedAt: null,
        accessProfiles: p.accessProfiles.split(';').sort().join(';'),
      })),
    );

    // ---- the guests: the first 80 (by id) checked out, the other 40 checked in
    const byId = [...guests].sort((a, b) => a.id - b.id);
    const states = service
      .db()
      .prepare(`SELECT id, state FROM check_ins WHERE id IN (${byId.map((g) => g.id).join(',')}) ORDER BY id`)
      .all() as { id: number; state: string }[];
    expect(states.map((s) => s.state)).toEqual(byId.map((_, i) => (i < CHECK_OUTS ? 'CHECKED_OUT' : 'CHECKED_IN')));

    // ---- the client: queued once, all delivered, nothing failed or in conflict, integrity ok
    const mirror = openMirror(join(dataDir, 'mirror.db'));
    try {
      expect(mirror.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = mirror.outbox.newest(100_000);
      const kinds = rows.reduce<Record<string, number>>((n, r) => ({ ...n, [r.kind]: (n[r.kind] ?? 0) + 1 }), {});
      expect(kinds).toEqual({ identities: IDENTITIES / 200, transition: GUESTS + CHECK_OUTS });
      expect(rows.filter((r) => r.state !== 'delivered').map((r) => `${r.id} ${r.state} ${r.lastError}`)).toEqual([]);
      expect(mirror.outbox.openConflicts()).toEqual([]);
      expect(mirror.db.prepare('SELECT count(*) FROM outbox_batches').pluck().get()).toBe(1);
      expect(mirror.db.prepare('SELECT count(*) FROM pending_transitions').pluck().get()).toBe(0);
      const results = rows
        .filter((r) => r.kind === 'identities')
        .flatMap((r) => JSON.parse(r.result!).permanentIdentities as { status: string }[]);
      expect(results).toHaveLength(IDENTITIES);
      expect(results.every((r) => r.status === 'SUCCESS')).toBe(true);
      // The mirror shows what the service has, with the PIN it issued.
      for (const [i, guest] of byId.entries()) {
        expect(mirror.guests.byId(guest.id)).toMatchObject({
          state: i < CHECK_OUTS ? 'CHECKED_OUT' : 'CHECKED_IN',
          pending: false,
        });
      }
      const pins = mirror.db
        .prepare("SELECT id, json_extract(access_control, '$.pin') AS pin FROM check_ins ORDER BY id")
        .all() as { id: number; pin: string }[];
      const servicePins = service
        .db()
        .prepare(
          `SELECT id, json_extract(access_control, '$.pin') AS pin FROM check_ins WHERE id IN (${byId.map((g) => g.id).join(',')}) ORDER BY id`,
        )
        .all();
      expect(pins).toEqual(servicePins);
    } finally {
      mirror.close();
    }
  }, 180_000);
});
