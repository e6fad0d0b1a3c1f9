/**
 * Is a write-ahead log torn? SQLite opens a database over a damaged WAL
 * without a word: it keeps the frames up to the first one that does not
 * check out and drops the rest, committed transactions included (queued
 * check-ins among them). Read before the database is opened, the WAL and
 * its index (-shm, left by a process that died) tell whether that would
 * drop work that was committed:
 * - a WAL whose header does not check out, with frames after it;
 * - fewer whole committed frames than the index says were committed;
 * - a frame of the current generation after one that does not check out
 *   (damage in the middle, not a write cut short at the end).
 * A write cut short at the end (a transaction that never committed) is
 * SQLite's normal recovery and no damage.
 * Formats: https://www.sqlite.org/fileformat2.html#walformat
 */
import { existsSync, readFileSync } from 'node:fs';

const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const SHM_HEADER = 48;

export interface WalState {
  torn: boolean;
  /** What is wrong, for the log. */
  reason: string;
}

/** SQLite's WAL checksum over `bytes` (a multiple of 8), from (s0, s1). */
function checksum(bytes: Buffer, bigEndian: boolean, s0: number, s1: number): [number, number] {
  for (let i = 0; i + 8 <= bytes.length; i += 8) {
    const x0 = bigEndian ? bytes.readUInt32BE(i) : bytes.readUInt32LE(i);
    const x1 = bigEndian ? bytes.readUInt32BE(i + 4) : bytes.readUInt32LE(i + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

/** The frames the last writer committed, from an index it left (-shm), if that index is whole and of this WAL. */
function committedByIndex(shm: Buffer | undefined, salt1: number, salt2: number): number | undefined {
  if (!shm || shm.length < 2 * SHM_HEADER) return undefined;
  // Two copies of the header, in the machine's byte order; a writer cut short leaves them different.
  if (!shm.subarray(0, SHM_HEADER).equals(shm.subarray(SHM_HEADER))) return undefined;
  const le = shm.readUInt32LE(0) === 3007000;
  const read = (offset: number) => (le ? shm.readUInt32LE(offset) : shm.readUInt32BE(offset));
  if (read(0) !== 3007000 || shm[12] !== 1) return undefined;
  // The index names the WAL's salts as it wrote them: byte for byte, as in the WAL header.
  if (shm.readUInt32BE(32) !== salt1 || shm.readUInt32BE(36) !== salt2) return undefined;
  return read(16);
}

export function inspectWal(databasePath: string): WalState {
  const walPath = `${databasePath}-wal`;
  if (!existsSync(walPath)) return { torn: false, reason: 'no WAL' };
  // The index first: a writer appends to the WAL before it says so in the index, never after.
  const shmPath = `${databasePath}-shm`;
  const shm = existsSync(shmPath) ? readFileSync(shmPath).subarray(0, 2 * SHM_HEADER) : undefined;
  const wal = readFileSync(walPath);
  if (wal.length < WAL_HEADER + FRAME_HEADER) return { torn: false, reason: 'no frames' };
  const magic = wal.readUInt32BE(0);
  const bigEndian = (magic & 1) === 1;
  const pageSize = wal.readUInt32BE(8) === 1 ? 65536 : wal.readUInt32BE(8);
  const [h0, h1] = checksum(wal.subarray(0, 24), bigEndian, 0, 0);
  if (
    (magic & ~1) !== 0x377f0682 ||
    wal.readUInt32BE(4) !== 3007000 ||
    pageSize < 512 ||
    (pageSize & (pageSize - 1)) !== 0 ||
    h0 !== wal.readUInt32BE(24) ||
    h1 !== wal.readUInt32BE(28)
  )
    return { torn: true, reason: 'its header is damaged: SQLite would ignore every change in it' };
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  const frameSize = FRAME_HEADER + pageSize;
  let sums: [number, number] = [h0, h1];
  let committed = 0;
  let frame = 0;
  // SQLite's own recovery: frames count while each checks out; the last commit frame among them ends the WAL.
  for (let at = WAL_HEADER; at + frameSize <= wal.length; at += frameSize, frame++) {
    const header = wal.subarray(at, at + FRAME_HEADER);
    if (header.readUInt32BE(8) !== salt1 || header.readUInt32BE(12) !== salt2) break;
    const next = checksum(
      wal.subarray(at + FRAME_HEADER, at + frameSize),
      bigEndian,
      ...checksum(header.subarray(0, 8), bigEndian, ...sums),
    );
    if (next[0] !== header.readUInt32BE(16) || next[1] !== header.readUInt32BE(20)) break;
    sums = next;
    if (header.readUInt32BE(4) !== 0) committed = frame + 1;
  }
  const indexed = committedByIndex(shm, salt1, salt2);
  if (indexed !== undefined && indexed > committed)
    return {
      torn: true,
      reason: `${indexed - committed} of its ${indexed} committed frames cannot be read: the last changes made before it was cut would be lost`,
    };
  for (let at = WAL_HEADER + (frame + 1) * frameSize; at + FRAME_HEADER <= wal.length; at += frameSize) {
    if (wal.readUInt32BE(at + 8) === salt1 && wal.readUInt32BE(at + 12) === salt2)
      return { torn: true, reason: `frame ${frame + 1} is damaged, and changes written after it would be lost` };
  }
  return { torn: false, reason: 'whole' };
}
