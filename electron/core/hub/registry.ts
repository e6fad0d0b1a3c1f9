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
import type { DeviceRole } from '../../../shared/contract/hub.ts';
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
  {
    version: 2,
    name: 'device addresses',
    // Every address a device's credential came from lately: two at once means a copied credential.
    sql: `
      CREATE TABLE device_addresses (
        device_id INTEGER NOT NULL REFERENCES devices (id),
        address TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        PRIMARY KEY (device_id, address)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: 'device sessions',
    // A desk device's unlocked session, so that it outlives a restart of the hub within its idle time (a marshal's
    // roll call comes back by itself). Only the id's SHA-256 is kept; locking, revoking or going idle ends it.
    sql: `
      CREATE TABLE device_sessions (
        id_sha256 TEXT PRIMARY KEY,
        device_id INTEGER NOT NULL REFERENCES devices (id),
        role TEXT NOT NULL CHECK (role IN ('desk', 'admin')),
        -- The last action of a person, and when the session locks by the idle time set then (both ms since 1970).
        last_active_at INTEGER NOT NULL,
        idle_until INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX device_sessions_device ON device_sessions (device_id);
      CREATE INDEX device_sessions_idle ON device_sessions (idle_until);
    `,
  },
  {
    version: 4,
    name: 'named staff sessions',
    // The person who unlocked a kept session with their own PIN (the mirror's staff list): after a restart the
    // session names them again, and locks at its first call if they were removed meanwhile.
    sql: `
      ALTER TABLE device_sessions ADD COLUMN staff_id INTEGER;
      ALTER TABLE device_sessions ADD COLUMN staff_name TEXT;
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

/** A desk device's unlocked session as the registry keeps it (device_sessions). */
export interface KeptSession {
  deviceId: number;
  role: 'desk' | 'admin';
  lastActiveAt: number;
  idleUntil: number;
  staffId?: number | null;
  staffName?: string | null;
}

export interface PairingRow {
  id: number;
  code: string;
  /** The address that asked for it: only there is the credential handed out. */
  address: string;
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

interface WaitingCode {
  id: number;
  address: string;
}

/**
 * Which waiting codes (oldest first by id) make room for one more from
 * `address`: its own oldest while it holds `perAddress`; then, while `max`
 * wait, the oldest of the address holding the most (the asker's on a tie).
 */
export function codesToDrop(
  live: readonly WaitingCode[],
  address: string,
  limits: { max: number; perAddress: number },
): WaitingCode[] {
  const left = [...live];
  const dropped: WaitingCode[] = [];
  const dropOldestOf = (from: string) => {
    const at = left.findIndex((row) => row.address === from);
    dropped.push(...left.splice(at, 1));
  };
  const countOf = (from: string) => left.filter((row) => row.address === from).length;
  while (countOf(address) >= limits.perAddress) dropOldestOf(address);
  while (left.length >= limits.max) {
    const counts = new Map<string, number>();
    for (const row of left) counts.set(row.address, (counts.get(row.address) ?? 0) + 1);
    const most = Math.max(...counts.values());
    // The first address in age order that holds the most: the one with the oldest of those codes.
    const victim =
      counts.get(address) === most ? address : left.find((row) => counts.get(row.address) === most)!.address;
    dropOldestOf(victim);
  }
  return dropped;
}

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
  const nameById = db.prepare<[number], string>('SELECT name FROM devices WHERE id = ?').pluck();
  const byToken = db.prepare<[string], { id: number; name: string; role: DeviceRole; revokedAt: string | null }>(
    'SELECT id, name, role, revoked_at AS revokedAt FROM devices WHERE token_sha256 = ?',
  );
  const liveCodes = db.prepare<[number], { id: number; code: string; address: string }>(
    'SELECT id, code, address FROM pairings WHERE device_id IS NULL AND expires_at > ? ORDER BY id',
  );

  return {
    db,
    /** A device with its activity on `day` (YYYY-MM-DD). */
    device(id: number, day: string): DeviceRow | undefined {
      const row = byId.get(day, id) as DeviceSelect | undefined;
      return row && toDevice(row);
    },
    /** A device's name (revoked ones too), without its activity. */
    nameOf: (id: number): string | undefined => nameById.get(id),
    devices(day: string): DeviceRow[] {
      return (all.all(day) as DeviceSelect[]).map(toDevice);
    },
    /** The device holding this credential (revoked ones too: they are told so). */
    byCredential: (credential: string) => byToken.get(sha256(credential)),
    /** The device was heard from `address` at `at`; addresses unheard of for a day are forgotten. */
    seen(id: number, at: string, address: string): void {
      db.transaction(() => {
        db.prepare('UPDATE devices SET last_seen_at = ?, last_address = ? WHERE id = ?').run(at, address, id);
        db.prepare(
          `INSERT INTO device_addresses (device_id, address, last_seen_at) VALUES (?, ?, ?)
           ON CONFLICT (device_id, address) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
        ).run(id, address, at);
        db.prepare('DELETE FROM device_addresses WHERE device_id = ? AND last_seen_at < ?').run(
          id,
          iso(Date.parse(at) - DAY),
        );
      })();
    },
    /** Each device's addresses heard from since `since` (ISO 8601), oldest first. */
    addressesSince(since: string): Map<number, string[]> {
      const rows = db
        .prepare<[string], { id: number; address: string }>(
          `SELECT device_id AS id, address FROM device_addresses WHERE last_seen_at >= ?
           ORDER BY device_id, last_seen_at, address`,
        )
        .all(since);
      const byDevice = new Map<number, string[]>();
      for (const { id, address } of rows) byDevice.set(id, [...(byDevice.get(id) ?? []), address]);
      return byDevice;
    },
    /** Revokes the device (at most once: the first time stands) and ends its kept sessions; false when there is no such device. */
    revoke(id: number, at: string): boolean {
      return db.transaction(() => {
        const found = db.prepare('SELECT 1 FROM devices WHERE id = ?').get(id) !== undefined;
        if (found) db.prepare('UPDATE devices SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?').run(at, id);
        db.prepare('DELETE FROM device_sessions WHERE device_id = ?').run(id);
        return found;
      })();
    },

    /** Keeps (or moves on) a device's unlocked session; sessions past their idle time are deleted on the way. */
    keepSession(id: string, session: KeptSession): void {
      db.transaction(() => {
        db.prepare('DELETE FROM device_sessions WHERE idle_until <= ?').run(session.lastActiveAt);
        db.prepare(
          `INSERT INTO device_sessions (id_sha256, device_id, role, last_active_at, idle_until, staff_id, staff_name)
           VALUES (@idSha256, @deviceId, @role, @lastActiveAt, @idleUntil, @staffId, @staffName)
           ON CONFLICT (id_sha256) DO UPDATE SET device_id = excluded.device_id, role = excluded.role,
             last_active_at = excluded.last_active_at, idle_until = excluded.idle_until,
             staff_id = excluded.staff_id, staff_name = excluded.staff_name`,
        ).run({ idSha256: sha256(id), staffId: null, staffName: null, ...session });
      })();
    },
    /** The kept session of this id, if any (its idle time not looked at: the caller decides). */
    keptSession(id: string): KeptSession | undefined {
      return db
        .prepare<[string], KeptSession>(
          `SELECT device_id AS deviceId, role, last_active_at AS lastActiveAt, idle_until AS idleUntil,
             staff_id AS staffId, staff_name AS staffName
           FROM device_sessions WHERE id_sha256 = ?`,
        )
        .get(sha256(id));
    },
    dropSession(id: string): void {
      db.prepare('DELETE FROM device_sessions WHERE id_sha256 = ?').run(sha256(id));
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
     * A new pairing with a code no other waiting device shows; never refused,
     * so that a real new device can always start. The asking browser's own
     * waiting pairing (`previous`, its cookie's secret) is replaced, so
     * reloading the pairing screen does not pile codes up. At most
     * `limits.perAddress` wait for one address: beyond, that address's oldest
     * code goes. At most `limits.max` wait in all: beyond, the oldest code of
     * the address holding the most goes (the asker's own on a tie), so that a
     * flood from a few addresses pushes out its own codes, not a tablet's.
     * `dropped`: the addresses whose codes went. Pairings over a day past their end are deleted.
     */
    startPairing(
      secret: string,
      address: string,
      now: number,
      options: { ttlMs: number; max: number; perAddress: number; previous?: string | undefined },
    ): { code: string; expiresAt: number; dropped: string[] } {
      return db.transaction(() => {
        db.prepare('DELETE FROM pairings WHERE expires_at < ?').run(now - DAY);
        if (options.previous)
          db.prepare('DELETE FROM pairings WHERE secret_sha256 = ? AND device_id IS NULL').run(
            sha256(options.previous),
          );
        const live = liveCodes.all(now);
        const dropped = codesToDrop(live, address, options);
        const drop = db.prepare('DELETE FROM pairings WHERE id = ? AND device_id IS NULL');
        for (const row of dropped) drop.run(row.id);
        const taken = new Set(live.map((row) => row.code));
        let code: string;
        do code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        while (taken.has(code));
        const expiresAt = now + options.ttlMs;
        db.prepare(
          'INSERT INTO pairings (code, secret_sha256, address, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        ).run(code, sha256(secret), address, iso(now), expiresAt);
        return { code, expiresAt, dropped: dropped.map((row) => row.address) };
      })();
    },
    pairing(secret: string): PairingRow | undefined {
      return db
        .prepare<[string], PairingRow>(
          'SELECT id, code, address, expires_at AS expiresAt, device_id AS deviceId FROM pairings WHERE secret_sha256 = ?',
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
