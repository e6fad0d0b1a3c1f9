/**
 * The site key that signs guest pass codes. Generated once per data
 * directory (a file readable by its owner only), or set with
 * "foyer config set siteKey <text>" so that every kiosk of one site accepts
 * the codes any of them, or the desk, printed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors.ts';
import { writeFileAtomic } from '../config/atomic-write.ts';
import { refuseForeign, warnOnStderr } from '../config/private-files.ts';

export interface SiteKeyStore {
  /** The key, generated on first use. */
  get(): Buffer;
  /** Whether a key exists (without generating one). */
  exists(): boolean;
  /** Replaces the key: codes signed with the old one are no longer accepted. */
  set(text: string): void;
}

export class SiteKeyError extends Error {
  override name = 'SiteKeyError';
}

/** At least 128 bits of a random text; a shared passphrase must not be guessable either. */
export function checkSiteKey(text: string): string {
  const key = text.trim();
  if (key.length < 22 || key.length > 200 || /\s/.test(key))
    throw new SiteKeyError(
      'siteKey must be 22 to 200 characters without spaces; use the text of the site-key file in the data directory of another kiosk of the site, or a new one, e.g. from "openssl rand -base64 32"',
    );
  return key;
}

/**
 * A file that was never written whole: empty, or a few characters with no
 * line end (every key Foyer writes ends with one). No key shorter than 22
 * characters is ever used, so nothing was signed with it: it is made again.
 */
const torn = (text: string) => text.trim() === '' || (!text.endsWith('\n') && text.trim().length < 22);

export function createSiteKeyStore(dataDir: string, options: { log?: (line: string) => void } = {}): SiteKeyStore {
  const path = join(dataDir, 'site-key');
  const log = options.log ?? warnOnStderr;
  /** Writes a new key; `replace` only over a torn file, otherwise the first writer keeps its key. */
  const create = (replace: boolean) => {
    try {
      writeFileAtomic(path, `${randomBytes(32).toString('base64url')}\n`, { exclusive: !replace });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return; // another process was first: keep its key
      // An expected failure, said as such (no stack): only the pass code cannot be signed yet.
      const message =
        `the site key could not be written to ${path} (${code === 'ENOSPC' ? 'the disk is full' : (error as Error).message}); ` +
        'pass codes cannot be signed until it is: free some space (or fix the data directory), and it is made at the next try';
      log(message);
      throw new AppError('INTERNAL', message);
    }
  };
  const read = () => {
    refuseForeign(path, 'the site key');
    return readFileSync(path, 'utf8');
  };
  return {
    get() {
      // Read each time (a small file): a key set with the CLI applies to a running kiosk at once.
      if (!existsSync(path)) create(false);
      let text = read();
      if (torn(text)) {
        log(`the site key ${path} was never written whole (${text.length} bytes, e.g. on a full disk): made a new one`);
        create(true);
        text = read();
      }
      try {
        return Buffer.from(checkSiteKey(text), 'utf8');
      } catch (error) {
        if (!(error instanceof SiteKeyError)) throw error;
        // Written by hand, not by Foyer: a person meant something by it, so it is not replaced.
        throw new AppError(
          'INTERNAL',
          `the site key in ${path} is not valid (${error.message}); set it with "foyer config set siteKey <text>", ` +
            'or remove the file to have a new one made',
        );
      }
    },
    exists: () => existsSync(path),
    set(text) {
      writeFileAtomic(path, `${checkSiteKey(text)}\n`);
    },
  };
}
