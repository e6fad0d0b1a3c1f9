/**
 * A data directory in use, and the ways a failing machine damages its files:
 * a page overwritten with garbage, a file cut short or zeroed, a WAL torn
 * after the process died.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { openRuntime, type Runtime, type RuntimeOptions } from '../../../electron/core/runtime.ts';
import { mirrorGuest } from '../../support/mirror-guests.ts';
import { TEST_TOKEN } from '../../support/world.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const at = '2026-11-22T09:00:00.000Z';

/** Points the data directory at the service. */
export function configure(dataDir: string, baseUrl: string): void {
  const store = createConfigStore(dataDir);
  store.write({ ...store.read(), baseUrl, locationId: 10, companyId: 1 });
  createFileTokenStore(dataDir).set(TEST_TOKEN);
}

/**
 * A mirror in use: `guests` invitations (pages of them for damage to land in)
 * and an outbox with three changes queued and one failed. Closed.
 */
export function mirrorInUse(dataDir: string, guests = 3_000): void {
  const mirror = openMirror(join(dataDir, 'mirror.db'));
  for (let start = 1; start <= guests; start += 500)
    mirror.transaction(() =>
      mirror.invitations.upsertMany(
        Array.from({ length: Math.min(500, guests - start + 1) }, (_, i) =>
          mirrorGuest(start + i, `First${start + i}`, `Guest${start + i}`, { email: `g${start + i}@example.test` }),
        ),
      ),
    );
  const add = (label: string) =>
    mirror.outbox.add({
      kind: 'identities',
      target: 'identities',
      payload: { identities: [{ label }] },
      label,
      now: at,
    });
  add('queued 1');
  add('queued 2');
  add('queued 3');
  mirror.outbox.markFailed(add('failed 1'), 'refused by the service', at);
  // What exists only here: a walk-in waiting at the kiosk for the desk, and a line of the audit log.
  // Written as the table holds it: the walk-ins' domain may be gone (scripts/remove-domain.mjs), its rows stay.
  mirror.db
    .prepare(
      `INSERT INTO walk_ins (event_source_id, invitation_source_id, marker, first_name, last_name, language, host_id,
         host_name, location_id, device, source, state, requested_at)
       VALUES ('foyer-walk-in-event-kept', 'foyer-walk-in-invitation-kept', 'foyer-walk-in:kept', 'Ольга', 'Петрова',
         'RU', 1, 'Jessica Smith', 10, 'Lobby kiosk', 'kiosk', 'requested', ?)`,
    )
    .run(at);
  mirror.auditLog.add({ at, action: 'guest.checkIn', role: 'desk', device: 'Desk', subject: '42', detail: null });
  mirror.close();
}

/** Overwrites one page of a b-tree (the invitations table, far from the outbox) with garbage. */
export function damagePage(path: string): void {
  const db = new Database(path, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const root = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'invitations'").pluck().get() as number;
  db.close();
  const fd = openSync(path, 'r+');
  const garbage = Buffer.alloc(pageSize, 0);
  for (let i = 0; i < pageSize; i++) garbage[i] = (i * 7919 + 13) & 0xff;
  writeSync(fd, garbage, 0, pageSize, (root - 1) * pageSize);
  closeSync(fd);
}

export const truncateHalf = (path: string): void => truncateSync(path, Math.floor(statSync(path).size / 2));
export const zero = (path: string): void => writeFileSync(path, Buffer.alloc(statSync(path).size));
/** Zeroes the file's first 100 bytes: SQLite's header (the pages after it are whole). */
export function zeroHeader(path: string): void {
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(100), 0, 100, 0);
  closeSync(fd);
}

/**
 * Queues `rows` changes in a process that then dies (SIGKILL), leaving its
 * WAL and index: the changes are committed, in the WAL only.
 */
export function queueAndDie(path: string, rows: number): void {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(path)});
    db.pragma('wal_autocheckpoint = 0');
    const insert = db.prepare("INSERT INTO outbox (kind, target, payload, label, created_at, updated_at) VALUES ('identities', 'identities', '{}', ?, ?, ?)");
    for (let i = 1; i <= ${rows}; i++) insert.run('late ' + i, '${at}', '${at}');
    process.kill(process.pid, 'SIGKILL');`;
  const result = spawnSync(process.execPath, ['-e', script], { cwd: ROOT });
  expect(result.signal).toBe('SIGKILL');
}

/** Cuts the WAL in the middle of its frames, as a disk that lost its last writes. */
export function tearWal(path: string): void {
  const wal = `${path}-wal`;
  const size = readFileSync(wal).length;
  truncateSync(wal, Math.floor(size / 2) + 100);
}

/** Opens the runtime on the data directory with its log kept. */
export async function openLogged(
  dataDir: string,
  options: Pick<RuntimeOptions, 'timers'> = {},
): Promise<{ runtime: Runtime; log: string[] }> {
  const log: string[] = [];
  const runtime = await openRuntime({ dataDir, log: (line) => log.push(line), ...options });
  return { runtime, log };
}
