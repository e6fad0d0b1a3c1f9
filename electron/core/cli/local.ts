/** What the offline commands need: the configuration and the mirror, without starting any service. */
import { join } from 'node:path';
import { createConfigStore, ensurePrivateDir } from '../config/config.ts';
import { openMirror } from '../db/mirror.ts';

export function openLocal(dataDir: string) {
  ensurePrivateDir(dataDir);
  const config = createConfigStore(dataDir).read();
  // A short command: SQLite's own checkpoint at commit, no checkpoint worker to start and wait for.
  const mirror = openMirror(join(dataDir, 'mirror.db'), { checkpointer: false });
  return { config, mirror, close: () => mirror.close() };
}
