/**
 * The site key that signs guest pass codes. Generated once per data
 * directory (a file readable by its owner only), or set with
 * "foyer config set siteKey <text>" so that every kiosk of one site accepts
 * the codes any of them, or the desk, printed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

export function createSiteKeyStore(dataDir: string): SiteKeyStore {
  const path = join(dataDir, 'site-key');
  const create = () => {
    try {
      writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process was first: keep its key
    }
  };
  return {
    get() {
      // Read each time (a small file): a key set with the CLI applies to a running kiosk at once.
      if (!existsSync(path)) create();
      return Buffer.from(checkSiteKey(readFileSync(path, 'utf8')), 'utf8');
    },
    exists: () => existsSync(path),
    set(text) {
      // A new file, private from its first byte, then renamed over the old one.
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${checkSiteKey(text)}\n`, { mode: 0o600, flag: 'wx' });
      renameSync(temporary, path);
    },
  };
}
