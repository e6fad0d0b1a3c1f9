/**
 * The embedded default: with no service configured, Foyer starts the
 * reference service on loopback with the demo world and uses it.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../shared/sqlite/open.ts';
import { startService, type RunningService } from '../../service/index.ts';
import { DEMO_TOKEN, DEMO_WORLD_PATH } from '../../service/demo/world-path.ts';
import { loadWorldFile } from '../../service/world.ts';

/** True when the demo week in the file has ended: then it is replaced by a fresh one. */
function demoIsStale(path: string, now: number): boolean {
  if (!existsSync(path)) return false;
  const db = openDatabase(path, { readonly: true, fileMustExist: true });
  try {
    const newest = db.prepare('SELECT max(ends_at) FROM events').pluck().get() as string | null;
    return newest === null || Date.parse(newest) < now;
  } catch {
    return true;
  } finally {
    db.close();
  }
}

export interface EmbeddedService extends RunningService {
  token: string;
  /** The demo week was (re)created: the mirror must start afresh. */
  reseeded: boolean;
}

export async function startEmbeddedService(
  dataDir: string,
  options: { now?: () => number; invitations?: number } = {},
): Promise<EmbeddedService> {
  const now = options.now ?? Date.now;
  const dbPath = join(dataDir, 'embedded-service.db');
  const stale = demoIsStale(dbPath, now());
  if (stale) for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
  const reseeded = stale || !existsSync(dbPath);
  const service = await startService({
    world: loadWorldFile(DEMO_WORLD_PATH),
    dbPath,
    host: '127.0.0.1',
    port: 0,
    demo: { invitations: options.invitations },
    now,
  });
  return { ...service, token: DEMO_TOKEN, reseeded };
}
