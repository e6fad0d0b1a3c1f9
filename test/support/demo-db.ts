/**
 * A reference service's database with the demo world applied and nothing
 * seeded yet, for the demo seed's tests; each one made is removed by cleanup().
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DAY, iso } from '../../shared/time.ts';
import { configureDatabase, migrate, readMigrations } from '../../shared/sqlite/migrate.ts';
import { DEMO_WORLD_PATH } from '../../service/demo/seed.ts';
import { applyWorld, loadWorldFile } from '../../service/world.ts';

export function demoDatabases() {
  const dirs: string[] = [];
  const open: Database.Database[] = [];
  return {
    /** A new database, its world applied a month before `now`. */
    demoDb(now: number): Database.Database {
      const dir = mkdtempSync(join(tmpdir(), 'foyer-demo-'));
      dirs.push(dir);
      const db = new Database(join(dir, 'service.db'));
      open.push(db);
      configureDatabase(db);
      migrate(db, readMigrations(new URL('../../service/db/migrations/', import.meta.url)));
      applyWorld(db, loadWorldFile(DEMO_WORLD_PATH), iso(now - 30 * DAY));
      return db;
    },
    cleanup(): void {
      for (const db of open.splice(0)) db.close();
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
