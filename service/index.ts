/** The reference service: an embeddable, complete implementation of /api/v2. */
import type Database from 'better-sqlite3';
import { openDatabase } from '../shared/sqlite/open.ts';
import { API_BASE_PATH } from '../shared/api/index.ts';
import { configureDatabase, migrate, readMigrations } from '../shared/sqlite/migrate.ts';
import { buildApp } from './http/app.ts';
import type { ReliabilityOptions } from './http/reliability.ts';
import type { StoreContext } from './store/context.ts';
import { applyWorld, type World } from './world.ts';
import { iso } from '../shared/time.ts';

export { parseWorld, loadWorldFile, type World, type WorldInput } from './world.ts';

export const SERVICE_MIGRATIONS_DIR = new URL('./db/migrations/', import.meta.url);

export interface ServiceOptions extends ReliabilityOptions {
  world: World;
  /** SQLite file of the service; created and migrated when missing. */
  dbPath: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Fill an empty database with the demo week (see service/demo/seed.ts). */
  demo?: { invitations?: number; seed?: number } | undefined;
  now?: () => number;
  log?: (line: string) => void;
}

export interface RunningService {
  /** e.g. http://127.0.0.1:5171/api/v2 */
  baseUrl: string;
  port: number;
  db: Database.Database;
  close(): Promise<void>;
}

export function openServiceDatabase(path: string): Database.Database {
  const db = openDatabase(path);
  try {
    configureDatabase(db);
    migrate(db, readMigrations(SERVICE_MIGRATIONS_DIR), `The service database ${path}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const now = options.now ?? Date.now;
  const db = openServiceDatabase(options.dbPath);
  applyWorld(db, options.world, iso(now()));
  if (options.demo) {
    const { isSeeded, seedDemo } = await import('./demo/seed.ts');
    if (!isSeeded(db, options.world.companies[0]!.id))
      seedDemo(db, { now: now(), invitations: options.demo.invitations, seed: options.demo.seed });
  }
  const ctx: StoreContext = { db, now, version: { value: 0 } };
  const app = buildApp(ctx, { ...options, now });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    baseUrl: `http://${urlHost}:${port}${API_BASE_PATH}`,
    port,
    db,
    async close() {
      await app.close();
      db.close();
    },
  };
}
