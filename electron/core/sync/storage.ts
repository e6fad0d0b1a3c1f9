/**
 * Errors of the machine rather than of the service: the disk is full, or the
 * data directory cannot be written. They stop the engine's writes (each one
 * is a transaction that rolls back whole, so nothing is corrupted) and the
 * status says so, in words a person can act on, until a write works again.
 */

export type StorageProblemKind = 'disk_full' | 'storage';

export interface StorageProblem {
  kind: StorageProblemKind;
  /** What a person reads: what happened, that nothing is lost, what to do. */
  message: string;
  at: string;
}

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const WRITE_CODES = /^(SQLITE_IOERR|SQLITE_READONLY|SQLITE_CANTOPEN|EROFS$|EIO$)/;

export const DISK_FULL_MESSAGE =
  'The disk is full: Foyer cannot save what the service sends or what is queued. ' +
  'Nothing already saved is lost. Free some disk space; syncing and sending resume by themselves.';

const WRITE_FAILED_MESSAGE =
  'Foyer cannot write to its data directory. Nothing already saved is lost. ' +
  'Check the disk and the directory; syncing and sending resume by themselves once writing works.';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** The storage problem an error is, or null for any other error. */
export function storageProblemOf(error: unknown, at: string): StorageProblem | null {
  const code = codeOf(error);
  const detail = (error as Error | null)?.message ?? String(error);
  if (FULL_CODES.has(code)) return { kind: 'disk_full', message: `${DISK_FULL_MESSAGE} (${detail})`, at };
  if (WRITE_CODES.test(code)) return { kind: 'storage', message: `${WRITE_FAILED_MESSAGE} (${code}: ${detail})`, at };
  return null;
}
