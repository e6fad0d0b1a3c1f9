/** The service token, encrypted with the OS keychain through safeStorage; it never reaches a renderer. */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import type { TokenStore } from '../core/config/token-store.ts';

export function createSafeTokenStore(dataDir: string, safeStorage: SafeStorage, fallback: TokenStore): TokenStore {
  const path = join(dataDir, 'token.enc');
  return {
    get() {
      if (existsSync(path) && safeStorage.isEncryptionAvailable()) return safeStorage.decryptString(readFileSync(path));
      // A token set with the CLI (file, mode 0600) is moved into safe storage on first use.
      const plain = fallback.get();
      if (plain && safeStorage.isEncryptionAvailable()) {
        this.set(plain);
        fallback.set(undefined);
      }
      return plain;
    },
    set(token) {
      if (!token) {
        rmSync(path, { force: true });
        return;
      }
      if (!safeStorage.isEncryptionAvailable()) return fallback.set(token);
      const temporary = `${path}.tmp`;
      writeFileSync(temporary, safeStorage.encryptString(token), { mode: 0o600 });
      renameSync(temporary, path);
    },
  };
}
