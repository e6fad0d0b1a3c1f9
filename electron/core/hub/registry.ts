/**
 * The hub's registry: the site's paired devices, the pairings in progress,
 * and what each device did per day. Its own SQLite file (hub.sqlite in the
 * data directory), because a mirror is per service and the devices are per
 * site. WAL, so that "foyer devices" in another process reads and writes it
 * while a hub runs; every request of a device looks its credential up here
 * (a point query on a unique index), so a revocation from anywhere counts at
 * the device's next request.
 *
 * Credentials are 256-bit random tokens; only their SHA-256 is stored.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { DeviceRole } from '../../../shared/contract/operations.ts';
import { configureDatabase, migrate, type Migration } from '../../../shared/sqlite/migrate.ts';
import { warnOnStderr } from '../config/private-files.ts';
import { openChecked, quickCheck } from '../db/open-checked.ts';
import { DAY, iso } from '../../../shared/time.ts';

/**
 * Inline rather than .sql files: the hub is bundled into the Electron main
 * process too, where a second migrations folder would sit beside the mirror's.
 */
export const HUB_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'hub',
    sql: `
      CREATE TABLE devices (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('kiosk', 'desk')),
        -- SHA-256 (hex) of the credential; NULL until the device collected it after staff paired it.
        token_sha256 TEXT UNIQUE,
        paired_at TEXT NOT NULL,
        paired_by TEXT NOT NULL,
        revoked_at TEXT,
        last_seen_at TEXT,
        last_address TEXT
      );
      CREATE TABLE pairings (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        -- SHA-256 (hex) of the secret in the asking browser's foyer_pairing cookie.
        secret_sha256 TEXT NOT NULL UNIQUE,
        address TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        -- Set when staff typed the code: the device collects its credential at its next poll.
        device_id INTEGER REFERENCES devices (id)
      );
      CREATE INDEX pairings_code ON pairings (code);
      CREATE TABLE device_activity (
        device_id INTEGER NOT NULL REFERENCES devices (id),
        day TEXT NOT NULL,
        check_ins INTEGER NOT NULL DEFAULT 0,
        check_outs INTEGER NOT NULL DEFAULT 0,
        other INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (device_id, day)
      ) WITHOUT ROWID;
    `,
  },
];

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A fresh secret: 256 random bits, as a cookie value. */
export const newSecret = () => randomBytes(32).toString('base64url');

export interface DeviceRow {
  id: number;
  name: string;
  role: DeviceRole;
  pairedAt: string;
  pairedBy: string;
  revokedAt: string | null;
  lastSeenAt: string | null;
  lastAddress: string | null;
  today: { checkIns: number; checkOuts: number; other: number };
}

export type ActivityKind = 'checkIns' | 'checkOuts' | 'other';

export interface PairingRow {
  id: number;
  code: string;
  expiresAt: number;
  deviceId: number | null;
}

const DEVICE_COLUMNS = `d.id, d.name, d.role, d.paired_at AS pairedAt, d.paired_by AS pairedBy, d.revoked_at AS revokedAt,
  d.last_seen_at AS lastSeenAt, d.last_address AS lastAddress,
  COALESCE(a.check_ins, 0) AS checkIns, COALESCE(a.check_outs, 0) AS checkOuts, COALESCE(a.other, 0) AS other`;

type DeviceSelect = Omit<DeviceRow, 'today'> & { checkIns: number; checkOuts: number; other: number };
const toDevice = ({ checkIns, checkOuts, other, ...row }: DeviceSelect): DeviceRow => ({
  ...row,
  today: { checkIns, checkOuts, other },
});

export type Registry = ReturnType<typeof openRegistry>;

export function openRegistry(path: string, log: (line: string) => void = warnOnStderr) {
  // Damaged, it is refused, not replaced: a new registry would unpair every kiosk and desk of the site.
  const { db }: { db: Database.Database } = openChecked(path, {
    what: "The hub's device registry",
    init: (db) => {
      configureDatabase(db);
      quickCheck(db);
      migrate(db, HUB_MIGRATIONS, `The hub registry ${path}`);
    },
    onDamage: 'refuse',
    advice:
      'To start again with no paired devices (each kiosk and desk then pairs again), stop Foyer and move the file ' +
      `aside with its -wal and -shm files, e.g. mv "${path}" "${path}.damaged"; or put back a copy from a backup.`,
    log,
  });
  const byId = db.prepare(
    `SELECT ${DEVICE_COLUMNS} FROM devices d LEFT JOIN device_activity a ON a.device_id = d.id AND a.day = ? WHERE d.id = ?`,
  );
  const all = db.prepare(
    `SELECT ${DEVICE_COLUMNS} FROM devices d LEFT JOIN device_activity a ON a.device_id = d.id AND a.day = ?
     ORDER BY d.revoked_at IS NOT NULL, d.name, d.id`,
  );
  const byToken = db.prepare<[string], { id: number; name: string; role: DeviceRole; revokedAt: string | null }>(
    'SELECT id, name, role, revoked_at AS revokedAt FROM devices WHERE token_sha256 = ?',
  );
  const liveCodes = db.prepare<[number], { code: string; address: string }>(
    'SELECT code, address FROM pairings WHERE device_id IS NULL AND expires_at > ?',
  );

  return {
    db,
    /** A device with its activity on `day` (YYYY-MM-DD). */
    device(id: number, day: string): DeviceRow | undefined {
      const row = byId.get(day, id) as DeviceSelect | undefined;
      return row && toDevice(row);
    },
    devices(day: string): DeviceRow[] {
      return (all.all(day) as DeviceSelect[]).map(toDevice);
    },
    /** The device holding this credential (revoked ones too: they are told so). */
    byCredential: (credential: string) => byToken.get(sha256(credential)),
    seen(id: number, at: string, address: string): void {
      db.prepare('UPDATE devices SET last_seen_at = ?, last_address = ? WHERE id = ?').run(at, address, id);
    },
    /** Revokes the device (at most once: the first time stands); undefined when there is no such device. */
    revoke(id: number, at: string): boolean {
      const found = db.prepare('SELECT 1 FROM devices WHERE id = ?').get(id) !== undefined;
      if (found) db.prepare('UPDATE devices SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?').run(at, id);
      return found;
    },
    /** Of these devices, the ones revoked now (another process may have revoked them). */
    revokedAmong(ids: readonly number[]): number[] {
      if (ids.length === 0) return [];
      return db
        .prepare<number[], { id: number }>(
          `SELECT id FROM devices WHERE revoked_at IS NOT NULL AND id IN (${ids.map(() => '?').join(',')})`,
        )
        .all(...ids)
        .map((row) => row.id);
    },
    count(id: number, day: string, kind: ActivityKind): void {
      const column = { checkIns: 'check_ins', checkOuts: 'check_outs', other: 'other' }[kind];
      db.prepare(
        `INSERT INTO device_activity (device_id, day, ${column}) VALUES (?, ?, 1)
         ON CONFLICT (device_id, day) DO UPDATE SET ${column} = ${column} + 1`,
      ).run(id, day);
    },

    /** Pairings waiting for staff now. */
    pendingCount: (now: number) => liveCodes.all(now).length,
    /**
     * A new pairing with a code no other waiting device shows. The asking
     * browser's own waiting pairing (`previous`, its cookie's secret) is
     * replaced, so reloading the pairing screen does not pile codes up; at
     * most `limits.perAddress` wait for one address and `limits.max` in all
     * (the answer says which was reached). Pairings over a day past their end are dropped.
     */
    startPairing(
      secret: string,
      address: string,
      now: number,
      options: { ttlMs: number; max: number; perAddress: number; previous?: string | undefined },
    ): { code: string; expiresAt: number } | 'address-full' | 'full' {
      return db.transaction(() => {
        db.prepare('DELETE FROM pairings WHERE expires_at < ?').run(now - DAY);
        if (options.previous)
          db.prepare('DELETE FROM pairings WHERE secret_sha256 = ? AND device_id IS NULL').run(
            sha256(options.previous),
          );
        const live = liveCodes.all(now);
        if (live.length >= options.max) return 'full';
        if (live.filter((row) => row.address === address).length >= options.perAddress) return 'address-full';
        const taken = new Set(live.map((row) => row.code));
        let code: string;
        do code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        while (taken.has(code));
        const expiresAt = now + options.ttlMs;
        db.prepare(
          'INSERT INTO pairings (code, secret_sha256, address, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        ).run(code, sha256(secret), address, iso(now), expiresAt);
        return { code, expiresAt };
      })();
    },
    pairing(secret: string): PairingRow | undefined {
      return db
        .prepare<[string], PairingRow>(
          'SELECT id, code, expires_at AS expiresAt, device_id AS deviceId FROM pairings WHERE secret_sha256 = ?',
        )
        .get(sha256(secret));
    },
    /** Staff typed `code`: the waiting pairing becomes a device (its credential is made when it is collected). */
    approve(code: string, role: DeviceRole, name: string, by: string, now: number): number | undefined {
      return db.transaction(() => {
        const pairing = db
          .prepare<[string, number], { id: number }>(
            'SELECT id FROM pairings WHERE code = ? AND device_id IS NULL AND expires_at > ?',
          )
          .get(code, now);
        if (!pairing) return undefined;
        const id = Number(
          db
            .prepare('INSERT INTO devices (name, role, paired_at, paired_by) VALUES (?, ?, ?, ?)')
            .run(name, role, iso(now), by).lastInsertRowid,
        );
        db.prepare('UPDATE pairings SET device_id = ? WHERE id = ?').run(id, pairing.id);
        return id;
      })();
    },
    /**
     * The device collects its credential: a fresh token whose hash is stored,
     * and the pairing is gone (a second poll finds none). Undefined when the
     * pairing was collected already or the device was revoked meanwhile.
     */
    collect(pairingId: number, deviceId: number): string | undefined {
      return db.transaction(() => {
        const removed = db.prepare('DELETE FROM pairings WHERE id = ? AND device_id = ?').run(pairingId, deviceId);
        if (removed.changes === 0) return undefined;
        const token = newSecret();
        const set = db
          .prepare('UPDATE devices SET token_sha256 = ? WHERE id = ? AND token_sha256 IS NULL AND revoked_at IS NULL')
          .run(sha256(token), deviceId);
        return set.changes === 1 ? token : undefined;
      })();
    },
    /** Changes when another connection (another process) committed: PRAGMA data_version. */
    dataVersion: () => db.pragma('data_version', { simple: true }) as number,
    close: () => db.close(),
  };
}
