/**
 * A data directory of Foyer's own. It holds guests' names and emails (the
 * mirror), the service token and the site key: another local user must not
 * read it, nor put a file there that Foyer would read (a config.json that
 * points the token at their own server). So:
 * - a directory or file that belongs to another user is refused, with what
 *   to do;
 * - a directory or file that others may read or write is made private
 *   (0700, 0600), and the log says so;
 * - whatever Foyer creates is private from its first byte (atomic-write.ts,
 *   shared/sqlite/open.ts).
 * Windows has no owners and modes of this kind; it is left to its ACLs.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './errors.ts';

export class DataDirError extends ConfigError {
  override name = 'DataDirError';
}

const uid = (): number | undefined => (process.platform === 'win32' ? undefined : process.getuid?.());
const OTHERS = 0o077;

/** The default log of a warning about the data directory, when the caller has none: stderr. */
export const warnOnStderr = (line: string): void => void process.stderr.write(`foyer: ${line}\n`);

function ownerOf(path: string, link: Stats): number {
  // A link put there by another user, or a link to another user's file: either is theirs.
  if (!link.isSymbolicLink()) return link.uid;
  const target = statSync(path);
  return link.uid !== uid() ? link.uid : target.uid;
}

/**
 * Refuses a file that another user owns (or links to); absent is fine.
 * `what` says what Foyer would have read from it.
 */
export function refuseForeign(path: string, what: string): void {
  const me = uid();
  if (me === undefined) return;
  let link: Stats;
  try {
    link = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const owner = ownerOf(path, link);
  if (owner !== me)
    throw new DataDirError(
      `${path} belongs to another user (uid ${owner}, not ${me}): Foyer does not read ${what} from a file someone ` +
        'else could have put there. Check where it came from, remove it (or make it yours with chown), and start again.',
    );
}

/** Makes one entry private; returns whether it had to. */
function makePrivate(path: string, stats: Stats): boolean {
  if ((stats.mode & OTHERS) === 0) return false;
  chmodSync(path, stats.isDirectory() ? 0o700 : 0o600);
  return true;
}

/** Files and folders inside the data directory (two levels: hub-tls/ and the like). */
function sweep(dir: string, depth: number, fixed: string[]): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const link = lstatSync(path);
    if (link.isSymbolicLink()) {
      refuseForeign(path, 'anything');
      continue; // its target's mode is its owner's business (ours, as just checked)
    }
    if (!link.isFile() && !link.isDirectory()) continue;
    refuseForeign(path, 'anything');
    if (makePrivate(path, link)) fixed.push(name);
    if (link.isDirectory() && depth > 1) sweep(path, depth - 1, fixed);
  }
}

/**
 * Makes the data directory if needed (0700), refuses one that belongs to
 * another user or holds another user's files, and makes private whatever
 * others could read or write, saying so in the log.
 */
export function ensurePrivateDir(dir: string, log: (line: string) => void = warnOnStderr): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const me = uid();
  if (me === undefined) return;
  const stats = statSync(dir);
  if (stats.uid !== me)
    throw new DataDirError(
      `The data directory ${dir} belongs to another user (uid ${stats.uid}, not ${me}). Foyer keeps guests' data ` +
        'and the service token there and uses only a directory of its own: choose another one with --data-dir ' +
        '(or FOYER_DATA_DIR), or have it handed over to this user (chown).',
    );
  const fixed: string[] = [];
  try {
    if (makePrivate(dir, stats)) fixed.push('.');
    sweep(dir, 2, fixed);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(
      `The data directory ${dir} is open to other users and could not be made private (${(error as Error).message}). ` +
        'Make it private (chmod -R go-rwx) or choose another one with --data-dir.',
    );
  }
  if (fixed.length > 0)
    log(
      `the data directory ${dir} was open to other users: made private (0700 for folders, 0600 for files): ` +
        fixed.map((name) => (name === '.' ? 'the directory itself' : name)).join(', '),
    );
}
