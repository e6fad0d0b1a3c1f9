/**
 * Numbered SQL migrations tracked with PRAGMA user_version, one transaction
 * each. Node-only (better-sqlite3); used by the reference service and the
 * client mirror alike.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads `NNNN_description.sql` files; numbers must run 1, 2, 3... without gaps. */
export function readMigrations(dir: string | URL): Migration[] {
  const path = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const migrations = readdirSync(path)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({
      version: Number(match[1]),
      name: match[2] ?? file,
      sql: readFileSync(`${path}/${file}`, 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1)
      throw new Error(`migration ${migration.version} (${migration.name}) is out of sequence in ${path}`);
  });
  return migrations;
}

export class DatabaseTooNewError extends Error {
  constructor(what: string, found: number, known: number) {
    super(
      `${what} has schema version ${found}, but this version of Foyer knows only up to ${known}. ` +
        'It was written by a newer Foyer: update Foyer, or point it at another data directory.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

/** Applies the migrations the database lacks; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[], what = 'The database'): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) throw new DatabaseTooNewError(what, current, latest);
  const applied: number[] = [];
  for (const migration of migrations.slice(current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}

/** The pragmas every Foyer database runs with. */
export function configureDatabase(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Listings are walked in full; a page cache that holds the working set keeps them off the disk.
  db.pragma('cache_size = -65536');
}
