/**
 * Opens a Foyer database only as it is whole. At open, SQLite's own check
 * (PRAGMA quick_check: every page and b-tree read once; measured at about
 * 4.5 ms per MB, 0.1 s for a mirror of 40,000 invitations, 0.4 s for
 * 150,000) finds a damaged page, and a file that is not a database
 * (truncated, zeroed) fails as it is read. A damaged database is never
 * replaced without a word:
 * - `refuse`: Foyer does not start; the error names the file and what to do;
 * - `move-aside`: the file is kept beside (renamed with the time, named in
 *   the log) and a new one is made; the caller salvages what it can.
 * A torn write-ahead log (wal-check.ts) is copied aside before SQLite drops
 * what it cannot read, and the log says so.
 */
import { copyFileSync, existsSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openDatabase } from '../../../shared/sqlite/open.ts';
import { inspectWal } from '../../../shared/sqlite/wal-check.ts';

export class DamagedDatabaseError extends Error {
  override name = 'DamagedDatabaseError';
}

/** What quick_check found. */
class FoundDamage extends Error {}

const SUFFIXES = ['', '-wal', '-shm'];

export const isDamage = (error: unknown): boolean =>
  error instanceof FoundDamage ||
  (error instanceof Database.SqliteError &&
    (error.code.startsWith('SQLITE_CORRUPT') || error.code === 'SQLITE_NOTADB'));

/** Throws when SQLite's own check finds a damaged page (its first few findings say which). */
export function quickCheck(db: Database.Database): void {
  const findings = (db.pragma('quick_check(5)') as { quick_check: string }[]).map((row) => row.quick_check);
  if (findings.length !== 1 || findings[0] !== 'ok') throw new FoundDamage(`quick_check: ${findings.join('; ')}`);
}

/** A name for a kept copy: the time, without characters that some file systems refuse. */
function keptName(path: string, label: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let name = `${path}.${label}-${stamp}`;
  for (let n = 2; SUFFIXES.some((suffix) => existsSync(name + suffix)); n++) name = `${path}.${label}-${stamp}-${n}`;
  return name;
}

export interface CheckedOpenOptions<T> {
  /** "The mirror", "The hub's device registry": how messages name the file. */
  what: string;
  /** Configures, checks (quickCheck) and migrates; what it throws as damage counts as damage. */
  init: (db: Database.Database) => T;
  onDamage: 'refuse' | 'move-aside';
  /** For `refuse`: what the person should do. */
  advice?: string;
  log: (line: string) => void;
  now?: () => Date;
}

export interface CheckedOpen<T> {
  db: Database.Database;
  value: T;
  /** Set when a damaged file was moved aside: where it is kept, and what was wrong. */
  damaged?: { keptAt: string; reason: string };
  /** Set when the write-ahead log was torn: where its copy is kept. */
  tornWalCopy?: string;
}

function openOnce<T>(path: string, init: (db: Database.Database) => T): { db: Database.Database; value: T } {
  const db = openDatabase(path);
  try {
    return { db, value: init(db) };
  } catch (error) {
    db.close();
    throw error;
  }
}

export function openChecked<T>(path: string, options: CheckedOpenOptions<T>): CheckedOpen<T> {
  const now = options.now ?? (() => new Date());
  const wal = existsSync(path) ? inspectWal(path) : undefined;
  let tornWalCopy: string | undefined;
  if (wal?.torn) {
    const copy = (tornWalCopy = `${keptName(path, 'torn', now())}-wal`);
    copyFileSync(`${path}-wal`, copy);
    options.log(
      `${options.what} ${path}: its write-ahead log is torn (${wal.reason}). A copy is kept as ${copy}; ` +
        'the database opens at its last whole transaction.',
    );
  }
  try {
    return { ...openOnce(path, options.init), ...(tornWalCopy ? { tornWalCopy } : {}) };
  } catch (error) {
    if (!isDamage(error)) throw error;
    const reason = (error as Error).message;
    if (options.onDamage === 'refuse')
      throw new DamagedDatabaseError(
        `${options.what} ${path} is damaged (${reason}). Foyer did not start and changed nothing. ${options.advice ?? ''}`.trim(),
      );
    const keptAt = keptName(path, 'damaged', now());
    for (const suffix of SUFFIXES) if (existsSync(path + suffix)) renameSync(path + suffix, keptAt + suffix);
    options.log(`${options.what} ${path} is damaged (${reason}): it is kept as ${keptAt}, and a new one is made.`);
    return { ...openOnce(path, options.init), damaged: { keptAt, reason }, ...(tornWalCopy ? { tornWalCopy } : {}) };
  }
}
