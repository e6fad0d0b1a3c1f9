/**
 * Every Foyer database is opened here, so that the Electron shell can point
 * better-sqlite3 at a build for Electron's ABI (kept at its own path, so the
 * Node build that the tests use is never overwritten).
 */
import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';

let nativeBinding: string | undefined;

export function useNativeBinding(path: string | undefined): void {
  nativeBinding = path;
}

/** The binding set for Electron, if any: a worker thread opening the same file needs it too. */
export function nativeBindingPath(): string | undefined {
  return nativeBinding;
}

/**
 * Creates the file first, private to its user (0600), when it is new:
 * SQLite would make it readable by others (0644 less the umask), and it
 * makes the -wal and -shm files with the database file's own mode.
 */
function createPrivate(path: string, options: Database.Options): void {
  if (path === ':memory:' || path === '' || options.readonly || options.fileMustExist) return;
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

export function openDatabase(path: string, options: Database.Options = {}): Database.Database {
  createPrivate(path, options);
  return new Database(path, nativeBinding ? { ...options, nativeBinding } : options);
}
