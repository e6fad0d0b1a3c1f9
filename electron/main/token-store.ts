/** The service token, encrypted with the OS keychain through safeStorage; it never reaches a renderer. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { writeFileAtomic } from '../core/config/atomic-write.ts';
import { refuseForeign } from '../core/config/private-files.ts';
import { ENCRYPTED_TOKEN_FILE, TOKEN_FILE, type TokenStore } from '../core/config/token-store.ts';

/**
 * The newest write wins. Every write here leaves one copy: token.enc, or the
 * plain file when encryption is not available. So a plain file beside
 * token.enc was written later (by `foyer config set token`): it is the token,
 * and is moved into safe storage.
 */
export function createSafeTokenStore(dataDir: string, safeStorage: SafeStorage, plain: TokenStore): TokenStore {
  const path = join(dataDir, ENCRYPTED_TOKEN_FILE);
  const store: TokenStore = {
    get() {
      const newer = plain.get();
      if (newer !== undefined) {
        if (safeStorage.isEncryptionAvailable()) store.set(newer);
        return newer;
      }
      refuseForeign(path, 'the service token');
      if (existsSync(path) && safeStorage.isEncryptionAvailable()) return safeStorage.decryptString(readFileSync(path));
      return undefined;
    },
    set(token) {
      if (!token || !safeStorage.isEncryptionAvailable()) {
        // The plain store removes token.enc on an unset; here it must go on a plain write too.
        rmSync(path, { force: true });
        plain.set(token);
        return;
      }
      writeFileAtomic(path, safeStorage.encryptString(token));
      rmSync(join(dataDir, TOKEN_FILE), { force: true });
    },
  };
  return store;
}
