/**
 * The mirror's schema: migrations (upgrade with data, refusing a newer
 * database, numbering), STRICT tables, foreign keys, WAL, and the index the
 * guest list runs on.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIRROR_MIGRATIONS_DIR, openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { createGuestsRepo } from '../../../electron/core/db/repos/guests.ts';
import { configureDatabase, DatabaseTooNewError, migrate, readMigrations } from '../../../shared/sqlite/migrate.ts';

const dirs: string[] = [];
const open: { close(): void }[] = [];
afterEach(() => {
  for (const db of open.splice(0))
    try {
      db.close();
    } catch {
      // already closed
    }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-db-'));
  dirs.push(dir);
  return dir;
}

function mirrorAt(path: string): Mirror {
  const mirror = openMirror(path);
  open.push(mirror);
  return mirror;
}

const KNOWN = readMigrations(MIRROR_MIGRATIONS_DIR);
const TABLES_OF_VERSION_1 = [
  'events',
  'contacts',
  'invitations',
  'check_ins',
  'access_profile_groups',
  'employees',
  'sync_state',
];

/** A database at schema version 1, with one or two rows in every table, written with plain SQL. */
function versionOneWithFixtures(path: string): void {
  const db = new Database(path);
  configureDatabase(db);
  migrate(db, KNOWN.slice(0, 1));
  db.exec(`
    INSERT INTO events VALUES (1, 'Board meeting', 'Q3', '2030-01-01T09:00:00.000Z', '2030-01-01T11:00:00.000Z', 10, 100, 0,
      '2029-12-01T00:00:00.000Z', '2029-12-02T00:00:00.000Z', '{"entranceId":7}');
    INSERT INTO contacts VALUES (2, 'ada@example.test', 'Ada', 'Lovelace', '1815-12-10', 'Analytical Engines', 'EN',
      '2029-12-01T00:00:00.000Z', '2029-12-02T00:00:00.000Z', NULL);
    INSERT INTO invitations VALUES (3, 1, 2, 10, '2030-01-01T09:00:00.000Z', '2030-01-01T11:00:00.000Z',
      '2029-12-01T00:00:00.000Z', '2029-12-02T00:00:00.000Z', 42, NULL);
    INSERT INTO check_ins (id, location_id, state, first_name, arrived_at, access_control)
      VALUES (3, 10, 'CHECKED_IN', 'Ada', '2030-01-01T08:55:00.000Z', '{"pin":"123456"}');
    INSERT INTO access_profile_groups VALUES ('berlin-doors', 'Berlin doors', 10, 'Berlin HQ', NULL, NULL, NULL, 42);
    INSERT INTO employees VALUES (100, 'host@example.test', 'Grace', 'Hopper', NULL, NULL, NULL, 42);
    INSERT INTO sync_state VALUES ('invitations:10', '2029-12-02T00:00:00.000Z', '2029-12-02T00:00:01.000Z',
      '2029-12-02T00:00:01.000Z', NULL, NULL);
  `);
  db.close();
}

function rowsOf(db: Database.Database): Record<string, unknown[]> {
  return Object.fromEntries(
    TABLES_OF_VERSION_1.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]),
  );
}

describe('migrations', () => {
  it('a version 1 mirror with rows in every table survives reopening with openMirror', () => {
    const path = join(tempDir(), 'mirror.db');
    versionOneWithFixtures(path);
    const raw = new Database(path, { readonly: true });
    const before = rowsOf(raw);
    expect(raw.pragma('user_version', { simple: true })).toBe(1);
    raw.close();
    for (const rows of Object.values(before)) expect(rows.length).toBeGreaterThan(0);

    // Migration 4 drops the per-row run markers (seen_run); every row keeps all its other values.
    // Migration 7 adds sync_state.held (removals waiting for a second listing), empty; migration 11
    // sync_state.listing (what makes the kept check-ins listing add up), empty.
    const withoutRunMarkers = Object.fromEntries(
      Object.entries(before).map(([table, rows]) => [
        table,
        (rows as Record<string, unknown>[]).map(({ seen_run: _dropped, ...row }) =>
          table === 'sync_state' ? { ...row, held: null, listing: null } : row,
        ),
      ]),
    );
    const mirror = mirrorAt(path);
    expect(mirror.db.pragma('user_version', { simple: true })).toBe(KNOWN.length);
    // Migration 6 adds each contact's lookup key, computed when the mirror is opened.
    const withoutKeys = (rows: Record<string, unknown[]>) => ({
      ...rows,
      contacts: (rows.contacts as Record<string, unknown>[]).map(({ name_key: _key, ...row }) => row),
    });
    expect(withoutKeys(rowsOf(mirror.db))).toEqual(withoutRunMarkers);
    expect(mirror.db.prepare('SELECT name_key FROM contacts').pluck().all()).toEqual(['ada lovelace']);
    expect(mirror.db.prepare("SELECT count(*) FROM mirror_flags WHERE name = 'lookup_keys_stale'").pluck().get()).toBe(
      0,
    );
    for (const table of ['invitations', 'check_ins', 'access_profile_groups', 'employees'])
      expect(mirror.db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all()).not.toContain(
        'seen_run',
      );
    const window = { locationId: 10, from: '2030-01-01T00:00:00.000Z', to: '2030-01-02T00:00:00.000Z' };
    expect(mirror.guests.list(window)).toMatchObject([
      { invitationId: 3, state: 'CHECKED_IN', category: 'onsite', firstName: 'Ada', lastName: 'Lovelace' },
    ]);
    expect(mirror.guests.lookup('lovel', window).map((g) => g.invitationId)).toEqual([3]);
    mirror.close();

    // Opening again applies nothing and changes nothing.
    const again = mirrorAt(path);
    expect(migrate(again.db, KNOWN)).toEqual([]);
    expect(withoutKeys(rowsOf(again.db))).toEqual(withoutRunMarkers);
  });

  it('refuses a database written by a newer Foyer, and leaves it as it was', () => {
    const path = join(tempDir(), 'mirror.db');
    const raw = new Database(path);
    raw.pragma(`user_version = ${KNOWN.length + 1}`);
    raw.close();
    let error: unknown;
    try {
      openMirror(path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    expect((error as Error).message).toMatch(/update Foyer/);
    expect((error as Error).message).toContain(path);
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(KNOWN.length + 1);
    expect(after.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get()).toBe(0);
    after.close();
  });

  it('readMigrations refuses a gap in the numbering', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '0001_a.sql'), 'CREATE TABLE a (x INTEGER) STRICT;');
    writeFileSync(join(dir, '0003_b.sql'), 'CREATE TABLE b (x INTEGER) STRICT;');
    expect(() => readMigrations(dir)).toThrow(/migration 3 \(b\) is out of sequence/);
  });

  it('readMigrations reads numbered files in order and ignores other files', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '0002_second.sql'), 'CREATE TABLE b (x INTEGER) STRICT;');
    writeFileSync(join(dir, '0001_first.sql'), 'CREATE TABLE a (x INTEGER) STRICT;');
    writeFileSync(join(dir, 'README.md'), 'not a migration');
    const migrations = readMigrations(dir);
    expect(migrations.map((m) => [m.version, m.name])).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
    expect(KNOWN[0]?.name).toBe('mirror');
  });

  it('a failing migration is rolled back as a whole', () => {
    const db = new Database(':memory:');
    open.push(db);
    const migrations = [
      { version: 1, name: 'ok', sql: 'CREATE TABLE a (x INTEGER) STRICT;' },
      { version: 2, name: 'broken', sql: 'CREATE TABLE b (x INTEGER) STRICT; INSERT INTO nowhere VALUES (1);' },
    ];
    expect(() => migrate(db, migrations)).toThrow(/nowhere/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all()).toEqual(['a']);
  });
});

describe('the schema', () => {
  it('tables are STRICT: a string in an INTEGER column is refused', () => {
    const mirror = mirrorAt(join(tempDir(), 'mirror.db'));
    const insert = () =>
      mirror.db
        .prepare(
          `INSERT INTO events (id, name, starts_at, ends_at, location_id, host_id, created_at, updated_at)
           VALUES (1, 'x', 'a', 'b', 'Berlin', 100, 'c', 'd')`,
        )
        .run();
    expect(insert).toThrow(/cannot store TEXT value in INTEGER column/);
    const tables = mirror.db.pragma('table_list') as { name: string; type: string; strict: number; schema: string }[];
    const ours = tables.filter(
      (t) =>
        t.schema === 'main' &&
        t.type === 'table' &&
        !t.name.startsWith('sqlite_') &&
        !t.name.startsWith('contacts_fts'),
    );
    expect(ours.map((t) => t.name)).toEqual(expect.arrayContaining(TABLES_OF_VERSION_1));
    expect(ours.filter((t) => t.strict !== 1).map((t) => t.name)).toEqual([]);
  });

  it('runs with foreign keys on and in WAL mode', () => {
    const mirror = mirrorAt(join(tempDir(), 'mirror.db'));
    expect(mirror.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(mirror.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(() =>
      mirror.db
        .prepare(
          `INSERT INTO invitations (id, event_id, contact_id, location_id, starts_at, ends_at, created_at, updated_at)
           VALUES (1, 404, 404, 10, 'a', 'b', 'c', 'd')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('the guest list by location runs on invitations_location_window', () => {
    const path = join(tempDir(), 'mirror.db');
    versionOneWithFixtures(path);
    const mirror = mirrorAt(path);
    // The repository's own statements, as it prepares them.
    const sources: string[] = [];
    const spy = new Proxy(mirror.db, {
      get(target, property) {
        if (property === 'prepare')
          return (source: string) => {
            sources.push(source);
            return target.prepare(source);
          };
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    createGuestsRepo(spy);
    const list = sources.find((s) => s.includes('UNION ALL') && s.includes('@from') && !s.includes('@id'));
    expect(list).toBeDefined();
    const plan = mirror.db.prepare(`EXPLAIN QUERY PLAN ${list!}`).all({
      locationId: 10,
      from: '2030-01-01T00:00:00.000Z',
      to: '2030-01-02T00:00:00.000Z',
      initialState: 'EXPECTED',
    }) as {
      detail: string;
    }[];
    const details = plan.map((row) => row.detail);
    expect(
      details.some((d) => /^SEARCH i USING (COVERING )?INDEX invitations_location_window/.test(d)),
      details.join('\n'),
    ).toBe(true);
    expect(
      details.some((d) => /^SCAN (i|invitations)\b(?! USING)/.test(d)),
      details.join('\n'),
    ).toBe(false);
  });
});
