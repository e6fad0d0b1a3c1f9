/**
 * Opening a damaged database to read what it still holds (salvage.ts), with
 * SQLite's own reader, read-only, in two steps:
 * - tolerant: SQLite refuses a file shorter than its header says (cut short)
 *   unless the schema is writable; with writable_schema on (and
 *   better-sqlite3's defensive mode off, which is what unsafeMode does) it
 *   reads the pages that are there, and a table whose pages survive reads
 *   whole;
 * - a header made again: a file whose first 100 bytes are lost (zeroed) is
 *   "not a database", though every page after them is whole. A copy beside
 *   it gets the header of SQLite's file format again (the page size found by
 *   trying, the version Foyer reads now), and is read as above.
 *
 * Why not SQLite's recovery: the recover extension and the sqlite_dbpage
 * table it reads pages through are compiled neither into better-sqlite3's
 * SQLite nor into Debian's sqlite3 command (whose `.recover` then fails on
 * any file, "SQL logic error"). What this cannot read (a table whose pages
 * are gone, a file zeroed whole) is reported by the caller, never guessed.
 */
import { copyFileSync, existsSync, openSync, closeSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { openDatabase } from '../../../shared/sqlite/open.ts';

const MAGIC = 'SQLite format 3\0';
const PAGE_SIZES = [4096, 1024, 2048, 8192, 16384, 32768, 65536, 512];

export interface DamagedRead {
  db: Database.Database;
  /** Said in the log: how the file was read, when not as it is. */
  note?: string;
  close(): void;
}

/** Read-only, tolerating a file cut short (see above); the schema must be readable. */
function openTolerant(path: string, readonly: boolean): Database.Database {
  const db = openDatabase(path, { readonly, fileMustExist: true });
  try {
    db.unsafeMode(true);
    db.pragma('writable_schema = ON');
    try {
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
    } catch {
      // A schema whose pages are partly gone: the first statement fails, and SQLite keeps what it could load of
      // the schema for the next ones (writable_schema), so a table whose entry survived can still be read.
      db.prepare('SELECT 1').get();
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function headerLost(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    return head.toString('latin1') !== MAGIC;
  } finally {
    closeSync(fd);
  }
}

/** SQLite's 100-byte database header (sqlite.org/fileformat.html), for a file of `size` bytes. */
function header(pageSize: number, size: number, userVersion: number, wal: boolean): Buffer {
  const h = Buffer.alloc(100);
  h.write(MAGIC, 0, 'latin1');
  h.writeUInt16BE(pageSize === 65536 ? 1 : pageSize, 16);
  h[18] = h[19] = wal ? 2 : 1; // file format versions: 2 when the write-ahead log is there to be read
  h[21] = 64; // payload fractions, fixed by the format
  h[22] = 32;
  h[23] = 32;
  h.writeUInt32BE(1, 24); // change counter
  h.writeUInt32BE(Math.floor(size / pageSize), 28); // pages
  // 32-39: no freelist (its pages are left unread, as nothing points at them)
  h.writeUInt32BE(1, 40); // schema cookie
  h.writeUInt32BE(4, 44); // schema format
  h.writeUInt32BE(1, 56); // UTF-8
  h.writeUInt32BE(userVersion, 60);
  h.writeUInt32BE(1, 92); // version-valid-for: the page count above is the change counter's
  h.writeUInt32BE(3_045_000, 96);
  return h;
}

/** A copy of `path` with its header made again, read tolerantly; undefined when no page size reads. */
function withHeaderAgain(path: string, userVersion: number): DamagedRead | undefined {
  const copy = `${path}.header-again`;
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  };
  const size = statSync(path).size;
  const wal = existsSync(`${path}-wal`);
  for (const pageSize of PAGE_SIZES) {
    if (size < pageSize || size % pageSize !== 0) continue;
    remove();
    copyFileSync(path, copy);
    if (wal) copyFileSync(`${path}-wal`, `${copy}-wal`);
    const fd = openSync(copy, 'r+');
    writeSync(fd, header(pageSize, size, userVersion, wal), 0, 100, 0);
    closeSync(fd);
    try {
      // Not read-only: the copy is this module's, and SQLite makes its -shm to read a write-ahead log.
      const db = openTolerant(copy, false);
      return {
        db,
        note: `its first bytes (SQLite's header) were lost: read with the header made again (pages of ${pageSize} bytes)`,
        close: () => {
          db.close();
          remove();
        },
      };
    } catch {
      // not this page size
    }
  }
  remove();
  return undefined;
}

/**
 * Opens the damaged file at `path` to read it (`userVersion`: the schema version Foyer reads now, assumed when
 * the header that said it is lost). Throws what SQLite said when it cannot be read at all.
 */
export function openDamaged(path: string, userVersion: number): DamagedRead {
  try {
    const db = openDatabase(path, { readonly: true, fileMustExist: true });
    try {
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
      return { db, close: () => db.close() };
    } catch {
      db.close();
    }
    const tolerant = openTolerant(path, true);
    return { db: tolerant, close: () => tolerant.close() };
  } catch (error) {
    if (!existsSync(path) || !headerLost(path)) throw error;
    const again = withHeaderAgain(path, userVersion);
    if (!again) throw error;
    return again;
  }
}
