/**
 * The embedded default: with no service configured, Foyer starts the
 * reference service on loopback with the demo world and uses it. Only
 * service/embed.ts is reached: the core knows nothing of the service's tables.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { demoIsStale, type DemoService, startDemoService } from '../../service/embed.ts';

export interface EmbeddedService extends DemoService {
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
  const service = await startDemoService({ dbPath, now, invitations: options.invitations });
  return { ...service, reseeded };
}
