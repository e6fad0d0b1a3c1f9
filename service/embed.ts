/**
 * All that Foyer's core uses of the reference service, and the only module of
 * service/ it may import (eslint.config.js says so): start the demo service on
 * loopback and stop it, ask whether a demo database has run out, and the
 * `foyer service` command. The core never sees the service's tables, so the
 * service can change them without the core noticing.
 */
import { existsSync } from 'node:fs';
import { openDatabase } from '../shared/sqlite/open.ts';
import { DEMO_TOKEN, DEMO_WORLD_PATH } from './demo/world-path.ts';
import { startService } from './index.ts';
import { loadWorldFile } from './world.ts';

export { runServiceCommand, SERVICE_USAGE, UsageError as ServiceUsageError } from './cli.ts';

export interface DemoService {
  /** e.g. http://127.0.0.1:40123/api/v2 */
  baseUrl: string;
  /** The demo world's token (company 1). */
  token: string;
  close(): Promise<void>;
}

/** The reference service with the demo world on a free loopback port; an empty database gets a demo week. */
export async function startDemoService(options: {
  dbPath: string;
  now?: () => number;
  invitations?: number;
}): Promise<DemoService> {
  const service = await startService({
    world: loadWorldFile(DEMO_WORLD_PATH),
    dbPath: options.dbPath,
    host: '127.0.0.1',
    port: 0,
    demo: { invitations: options.invitations },
    ...(options.now ? { now: options.now } : {}),
  });
  return { baseUrl: service.baseUrl, token: DEMO_TOKEN, close: () => service.close() };
}

/** True when the demo week in the database has ended (or the file is unreadable): then it should be replaced. */
export function demoIsStale(dbPath: string, now: number): boolean {
  if (!existsSync(dbPath)) return false;
  let db;
  try {
    db = openDatabase(dbPath, { readonly: true, fileMustExist: true });
    const newest = db.prepare('SELECT max(ends_at) FROM events').pluck().get() as string | null;
    return newest === null || Date.parse(newest) < now;
  } catch {
    return true;
  } finally {
    db?.close();
  }
}
