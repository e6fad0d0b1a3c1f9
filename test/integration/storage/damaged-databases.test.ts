/**
 * A failing machine loses nothing and says so: a damaged mirror (a page of
 * garbage, cut short, zeroed) is found at start, kept beside under a name
 * of its own, and what its outbox still held is queued again in a new
 * mirror, filled from the service; a torn WAL is copied aside and named; a
 * missing or empty mirror in a directory that was in use is reported; a
 * damaged hub registry is refused with its path and what to do. The
 * commands that only read say the same and exit 1.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRegistry } from '../../../electron/core/hub/registry.ts';
import { runFoyer } from '../../support/cli.ts';
import { cleanup, seedGuests, startServiceOn, tempDir, type Service } from '../outbox/helpers.ts';
import { configure, damagePage, mirrorInUse, openLogged, queueAndDie, tearWal, truncateHalf, zero } from './helpers.ts';

let service: Service;
let seeded: { id: number }[];

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-storage-svc-'));
  ({ guests: seeded } = await seedGuests({ baseUrl: service.baseUrl, db: service.db }, 3, { prefix: 'Stored' }));
}, 30_000);
afterAll(cleanup);

/** A data directory in use, pointed at the service, its mirror damaged by `damage`. */
function damagedDir(damage: (path: string) => void): { dataDir: string; path: string } {
  const dataDir = tempDir('foyer-damaged-');
  configure(dataDir, service.baseUrl);
  mirrorInUse(dataDir);
  const path = join(dataDir, 'mirror.db');
  damage(path);
  return { dataDir, path };
}

/** The kept databases (their -wal and -shm files beside them not counted). */
const kept = (dataDir: string, label: string) =>
  readdirSync(dataDir).filter((n) => n.startsWith(`mirror.db.${label}-`) && !/-(wal|shm)$/.test(n));

describe('a damaged mirror', () => {
  it('with a page of garbage: found at start, kept beside, its outbox queued again, the new mirror filled', async () => {
    const { dataDir, path } = damagedDir(damagePage);
    // A command that only reads refuses, naming the file and the way out.
    const status = await runFoyer('status', '--data-dir', dataDir);
    expect(status.code).toBe(1);
    expect(status.err).toContain(`The mirror ${path} is damaged (quick_check`);
    expect(status.err).toContain('Foyer did not start and changed nothing');

    const { runtime, log } = await openLogged(dataDir);
    try {
      const [aside] = kept(dataDir, 'damaged');
      expect(aside).toBeDefined();
      expect(log.join('\n')).toContain(`The mirror ${path} is damaged (quick_check`);
      expect(log.join('\n')).toContain(`it is kept as ${join(dataDir, aside!)}`);
      expect(log.join('\n')).toContain(
        'its outbox held 3 queued and 1 failed changes that could be read: 4 are queued again in the new mirror',
      );
      expect(runtime.mirror.outbox.counts()).toMatchObject({ pending: 3, failed: 1 });
      // What only this machine knew is kept too: the walk-in still waits for the desk, the audit log goes on.
      expect(log.join('\n')).toContain('kept with it: 1 walk-in request, 1 audit log entry');
      const walkIns = runtime.mirror.db.prepare("SELECT first_name || ' ' || last_name || ' ' || state FROM walk_ins");
      expect(walkIns.pluck().all()).toEqual(['Ольга Петрова requested']);
      expect(runtime.mirror.auditLog.list({ limit: 10 }).map((row) => row.action)).toEqual(['guest.checkIn']);
      expect(runtime.mirror.outbox.newest(10).map((row) => row.label)).toEqual([
        'failed 1',
        'queued 3',
        'queued 2',
        'queued 1',
      ]);
      // The lookups that answered 500 work again, on what the service holds.
      await runtime.engine.syncNow({ full: true });
      expect(runtime.mirror.guests.byId(seeded[0]!.id)).toBeDefined();
    } finally {
      await runtime.close();
    }
    // Kept whole, as it was found.
    expect(statSync(join(dataDir, kept(dataDir, 'damaged')[0]!)).size).toBeGreaterThan(0);
  });

  it.each([
    ['cut short', truncateHalf],
    ['zeroed', zero],
  ])('%s: kept beside, said in the log with what its outbox held, and a new mirror starts', async (_, damage) => {
    const { dataDir, path } = damagedDir(damage);
    const status = await runFoyer('lookup', 'Guest', '--data-dir', dataDir);
    expect(status.code).toBe(1);
    expect(status.err).toContain(path);

    const { runtime, log } = await openLogged(dataDir);
    try {
      const text = log.join('\n');
      expect(text).toMatch(new RegExp(`The mirror ${path} is damaged \\(.+\\): it is kept as `));
      expect(kept(dataDir, 'damaged')).toHaveLength(1);
      if (damage === zero)
        // Zeroed whole, the outbox's pages are gone: the log says so and where the rest is kept.
        expect(text).toMatch(/its outbox could not be read \(.+\): whatever it held stays in .+mirror\.db\.damaged-/);
      // Cut short, the pages that are there are read (read-damaged.ts): the outbox was among them.
      else expect(text).toContain('its outbox held 3 queued and 1 failed changes that could be read: 4 are queued');
    } finally {
      await runtime.close();
    }
  });
});

describe('a torn write-ahead log', () => {
  it('is copied aside before SQLite drops what it cannot read, and the log says what the outbox holds', async () => {
    const dataDir = tempDir('foyer-torn-');
    configure(dataDir, service.baseUrl);
    mirrorInUse(dataDir, 200);
    const path = join(dataDir, 'mirror.db');
    queueAndDie(path, 300);
    tearWal(path);
    const { runtime, log } = await openLogged(dataDir);
    try {
      const text = log.join('\n');
      expect(text).toContain(`The mirror ${path}: its write-ahead log is torn (`);
      const copies = readdirSync(dataDir).filter((n) => /^mirror\.db\.torn-.+-wal$/.test(n));
      expect(copies).toHaveLength(1);
      expect(text).toContain(`A copy is kept as ${join(dataDir, copies[0]!)}`);
      expect(text).toMatch(/its outbox holds \d+ queued and 1 failed changes as opened/);
    } finally {
      await runtime.close();
    }
  });

  it('a WAL cut where a transaction never committed is SQLite recovering, not damage', async () => {
    const dataDir = tempDir('foyer-wal-whole-');
    configure(dataDir, service.baseUrl);
    mirrorInUse(dataDir, 200);
    queueAndDie(join(dataDir, 'mirror.db'), 5);
    const { runtime, log } = await openLogged(dataDir);
    try {
      expect(log.join('\n')).not.toContain('torn');
      expect(runtime.mirror.outbox.counts().pending).toBe(3 + 5);
    } finally {
      await runtime.close();
    }
  });
});

describe('a missing or empty mirror', () => {
  it.each([
    ['empty (0 bytes)', 'hub.sqlite', (path: string) => writeFileSync(path, '')],
    ['missing', 'site-key', () => {}],
  ])('%s in a directory that was in use is reported, not a silent new install', async (state, sign, make) => {
    const dataDir = tempDir('foyer-empty-');
    configure(dataDir, service.baseUrl);
    if (sign === 'hub.sqlite') openRegistry(join(dataDir, sign)).close();
    else writeFileSync(join(dataDir, sign), 'x'.repeat(43) + '\n', { mode: 0o600 });
    const path = join(dataDir, 'mirror.db');
    make(path);
    const { runtime, log } = await openLogged(dataDir);
    await runtime.close();
    const text = log.join('\n');
    expect(text).toContain(
      `The mirror ${path} is ${state}, although this data directory was in use (it holds ${sign})`,
    );
    expect(text).toContain('the changes queued in it and not yet delivered are not in the new one');
  });

  it('in a new data directory is a new install, said by nothing', async () => {
    const dataDir = tempDir('foyer-new-');
    configure(dataDir, service.baseUrl);
    const { runtime, log } = await openLogged(dataDir);
    await runtime.close();
    expect(log.filter((line) => /mirror/i.test(line) && !/^sync /.test(line))).toEqual([]);
  });
});

describe('a damaged hub registry', () => {
  it.each([
    ['cut short', truncateHalf],
    ['zeroed', zero],
  ])('%s is refused with its path and the way out, by "foyer devices" and "foyer hub"', async (_, damage) => {
    const dataDir = tempDir('foyer-hub-damaged-');
    configure(dataDir, service.baseUrl);
    const path = join(dataDir, 'hub.sqlite');
    openRegistry(path).close();
    damage(path);
    const devices = await runFoyer('devices', '--data-dir', dataDir);
    expect(devices.code).toBe(1);
    expect(devices.err).toContain(`The hub's device registry ${path} is damaged`);
    expect(devices.err).toContain(`mv "${path}" "${path}.damaged"`);
    const hub = await runFoyer('hub', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir);
    expect(hub.code).toBe(1);
    expect(hub.err).toContain(`The hub's device registry ${path} is damaged`);
    expect(existsSync(path)).toBe(true); // refused, not replaced
  });
});
