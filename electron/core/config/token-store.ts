/**
 * Where the service token is kept. The CLI and the browser host keep it in a
 * file readable by its owner only (mode 0600); the Electron shell keeps it
 * encrypted with safeStorage. Either way it never reaches a renderer.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.ts';
import { refuseForeign } from './private-files.ts';

export interface TokenStore {
  get(): string | undefined;
  set(token: string | undefined): void;
}

/**
 * The Electron shell's encrypted copy, next to the file. Whichever of the two
 * was written last holds the token: the shell moves a newer file into safe
 * storage, and an unset here removes the shell's copy too, so that neither
 * door brings back a token the other replaced or removed.
 */
export const ENCRYPTED_TOKEN_FILE = 'token.enc';
export const TOKEN_FILE = 'token';

export function createFileTokenStore(dataDir: string): TokenStore {
  const path = join(dataDir, TOKEN_FILE);
  return {
    get() {
      refuseForeign(path, 'the service token');
      if (!existsSync(path)) return undefined;
      const token = readFileSync(path, 'utf8').trim();
      return token || undefined;
    },
    set(token) {
      if (token === undefined || token === '') {
        rmSync(path, { force: true });
        rmSync(join(dataDir, ENCRYPTED_TOKEN_FILE), { force: true });
        return;
      }
      // Private from its first byte, whole or not at all.
      writeFileAtomic(path, `${token}\n`);
    },
  };
}

/** Shows that a token is set without showing it. */
export function maskToken(token: string | undefined): string {
  if (!token) return '(not set)';
  return `set (${token.length} characters, ending …${token.length >= 12 ? token.slice(-2) : ''})`;
}
