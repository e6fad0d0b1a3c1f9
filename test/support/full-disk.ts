/**
 * A full disk, as the tests make one: SQLite's max_page_count stands in for
 * the disk (it is per connection: the one Foyer writes with), and raising it
 * is space coming back. A write that fits in the free room of a page it
 * already has would still go through; on a full disk nothing does (the
 * write-ahead log grows with every one), so each write to a table of the
 * file also needs a new page here: a TEMP trigger, this connection's alone,
 * adds a row too large for any page's free room.
 */
import type Database from 'better-sqlite3';
import { expect } from 'vitest';

const TRIGGER_PREFIX = 'test_full_disk_';

/** Fills the database's file to a cap of its current size: every later write fails with SQLITE_FULL. */
export function fillDisk(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS filler (x BLOB)');
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  for (const size of [4000, 500, 20])
    try {
      for (;;) db.prepare('INSERT INTO filler VALUES (zeroblob(?))').run(size);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('SQLITE_FULL');
    }
  const tables = db
    .prepare(
      `SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'filler' AND name NOT LIKE 'sqlite_%'
         AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%fts%'`,
    )
    .pluck()
    .all() as string[];
  for (const table of tables)
    for (const event of ['INSERT', 'UPDATE', 'DELETE'])
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "${TRIGGER_PREFIX}${table}_${event}" AFTER ${event} ON main."${table}"
         BEGIN INSERT INTO main.filler VALUES (zeroblob(8000)); END`,
      );
}

/** Space came back. */
export function freeSpace(db: Database.Database): void {
  const triggers = db
    .prepare(`SELECT name FROM sqlite_temp_schema WHERE type = 'trigger' AND name LIKE '${TRIGGER_PREFIX}%'`)
    .pluck()
    .all() as string[];
  for (const name of triggers) db.exec(`DROP TRIGGER temp."${name}"`);
  db.pragma('max_page_count = 1073741823');
}
