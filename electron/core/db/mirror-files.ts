/**
 * One mirror per service: `mirror.db` is the mirror of the service in use, and
 * says which one that is. Switching to another service from the admin console
 * parks it (with its
 * outbox: work queued for a service stays with that service) and brings back
 * the parked mirror of the new one, or starts an empty one. Nothing of one
 * service is ever shown as, or sent to, another.
 */
import { createHash } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { openMirror, type Mirror } from './mirror.ts';

/** The sync_state row that names the mirror's service (in its watermark column). */
const SERVICE_ROW = 'mirror:service';
const SUFFIXES = ['', '-wal', '-shm'];

const parkedPath = (dataDir: string, serviceKey: string) =>
  join(dataDir, `mirror-${createHash('sha256').update(serviceKey).digest('hex').slice(0, 16)}.db`);

function move(from: string, to: string) {
  for (const suffix of SUFFIXES) if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
}

export function serviceOf(mirror: Mirror): string | undefined {
  return mirror.syncState.get(SERVICE_ROW)?.watermark ?? undefined;
}

export function stampService(mirror: Mirror, serviceKey: string): void {
  mirror.syncState.recordSuccess(SERVICE_ROW, new Date().toISOString(), { watermark: serviceKey });
}

/**
 * Opens the mirror of `serviceKey` as mirror.db. With `adopt`, mirror.db is
 * taken to be the service's whatever it says (a mirror from before stamps, or
 * a base URL changed with "foyer config set": the same service at a new
 * address); without it, a mirror of another service is parked.
 */
export function openMirrorFor(
  dataDir: string,
  serviceKey: string,
  options: { adopt: boolean },
): { mirror: Mirror; newMirror: boolean } {
  const path = join(dataDir, 'mirror.db');
  const fresh = !existsSync(path);
  let mirror = openMirror(path);
  const stamped = serviceOf(mirror);
  if (options.adopt || stamped === undefined || stamped === serviceKey) {
    if (stamped !== serviceKey) stampService(mirror, serviceKey);
    return { mirror, newMirror: fresh };
  }
  mirror.close();
  move(path, parkedPath(dataDir, stamped));
  const parked = parkedPath(dataDir, serviceKey);
  const returning = existsSync(parked);
  if (returning) move(parked, path);
  mirror = openMirror(path);
  stampService(mirror, serviceKey);
  return { mirror, newMirror: !returning };
}
