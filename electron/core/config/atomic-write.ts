/**
 * Files written whole or not at all: the bytes go to a temporary file of
 * their own in the same directory (private from its first byte), are synced
 * to the disk, and only then take the file's name. A full disk or a crash
 * leaves the old file (or none), never an empty or half-written one.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** Only when no file has the name yet: the first writer keeps its file, later ones throw EEXIST. */
  exclusive?: boolean;
  mode?: number;
}

/** Makes the rename itself survive a power cut (best effort: not every platform syncs a directory). */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows and some file systems do not open or sync directories; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  // A name of its own per writer: two processes writing at once never mix their bytes, and a temporary file
  // left by a crash never stands in the way of the next write.
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temporary, 'wx', options.mode ?? 0o600);
  try {
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // link() fails when the name is taken, rename() replaces: both are atomic.
    if (options.exclusive) linkSync(temporary, path);
    else renameSync(temporary, path);
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // renamed: nothing left to remove
    }
  }
  syncDirectory(dirname(path));
}
