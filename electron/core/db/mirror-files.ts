/**
 * One mirror per service: `mirror.db` is the mirror of the service in use, and
 * says which one that is. Switching to another service from the admin console
 * parks it (with its
 * outbox: work queued for a service stays with that service) and brings back
 * the parked mirror of the new one, or starts an empty one. Nothing of one
 * service is ever shown as, or sent to, another.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { warnOnStderr } from '../config/private-files.ts';
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

/** Files that exist only once a mirror did: their presence says the data directory was in use. */
function signsOfUse(dataDir: string): string[] {
  return readdirSync(dataDir).filter(
    (name) => name === 'hub.sqlite' || name === 'site-key' || /^mirror-.+\.db$/.test(name),
  );
}

const isEmpty = (path: string) => !existsSync(path) || statSync(path).size === 0;

/**
 * A mirror that is missing or empty in a directory that was in use is not
 * a new install: the log says that the changes it held, if any, are gone.
 */
function reportMissing(dataDir: string, path: string, log: (line: string) => void): void {
  const signs = signsOfUse(dataDir);
  if (signs.length === 0) return;
  log(
    `The mirror ${path} is ${existsSync(path) ? 'empty (0 bytes)' : 'missing'}, although this data directory was in use ` +
      `(it holds ${signs.join(', ')}): a new mirror is made and filled from the service. If a mirror was here, the ` +
      'changes queued in it and not yet delivered are not in the new one: check the service for check-ins of today, ' +
      'and put back the old mirror.db (with Foyer stopped) if a copy exists.',
  );
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
  options: { adopt: boolean; log?: (line: string) => void },
): { mirror: Mirror; newMirror: boolean } {
  const path = join(dataDir, 'mirror.db');
  const log = options.log ?? warnOnStderr;
  const open = (at: string) => openMirror(at, { onDamage: 'move-aside', log });
  const fresh = isEmpty(path);
  if (fresh) reportMissing(dataDir, path, log);
  let mirror = open(path);
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
  mirror = open(path);
  stampService(mirror, serviceKey);
  return { mirror, newMirror: !returning };
}
