/** The offline mirror: one SQLite file, its migrations, and one repository per table. */
import { openDatabase } from '../../../shared/sqlite/open.ts';
import { configureDatabase, migrate, readMigrations } from '../../../shared/sqlite/migrate.ts';
import { createCheckInsRepo } from './repos/check-ins.ts';
import { createGuestsRepo } from './repos/guests.ts';
import { createInvitationsRepo } from './repos/invitations.ts';
import { createOutboxRepo } from './repos/outbox.ts';
import { createEmployeesRepo, createGroupsRepo } from './repos/reference-data.ts';
import { createSyncStateRepo } from './repos/sync-state.ts';

export const MIRROR_MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export function openMirror(path: string) {
  const db = openDatabase(path);
  try {
    configureDatabase(db);
    migrate(db, readMigrations(MIRROR_MIGRATIONS_DIR), `The mirror ${path}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    db,
    invitations: createInvitationsRepo(db),
    checkIns: createCheckInsRepo(db),
    groups: createGroupsRepo(db),
    employees: createEmployeesRepo(db),
    syncState: createSyncStateRepo(db),
    outbox: createOutboxRepo(db),
    guests: createGuestsRepo(db),
    /** Runs `work` in one synchronous transaction: never await inside. */
    transaction<T>(work: () => T): T {
      return db.transaction(work)();
    },
    close(): void {
      db.close();
    },
  };
}
export type Mirror = ReturnType<typeof openMirror>;
