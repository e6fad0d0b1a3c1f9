/**
 * Every Foyer database is opened here, so that the Electron shell can point
 * better-sqlite3 at a build for Electron's ABI (kept at its own path, so the
 * Node build that the tests use is never overwritten).
 */
import Database from 'better-sqlite3';

let nativeBinding: string | undefined;

export function useNativeBinding(path: string | undefined): void {
  nativeBinding = path;
}

/** The binding set for Electron, if any: a worker thread opening the same file needs it too. */
export function nativeBindingPath(): string | undefined {
  return nativeBinding;
}

export function openDatabase(path: string, options: Database.Options = {}): Database.Database {
  return new Database(path, nativeBinding ? { ...options, nativeBinding } : options);
}
