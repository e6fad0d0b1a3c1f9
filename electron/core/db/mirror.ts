/** The offline mirror: one SQLite file, its migrations, and one repository per table. */
import { createBulkLoad } from './bulk-load.ts';
import { startCheckpointer } from '../../../shared/sqlite/checkpointer.ts';
import { openDatabase } from '../../../shared/sqlite/open.ts';
import { createLookupIndex } from '../lookup/index-build.ts';
import { configureDatabase, migrate, readMigrations } from '../../../shared/sqlite/migrate.ts';
import { createCheckInsRepo } from './repos/check-ins.ts';
import { createDeskGuestsRepo } from './repos/desk-guests.ts';
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
  const lookupIndex = createLookupIndex(db);
  const invitations = createInvitationsRepo(db);
  // A migration changed how lookup keys are made: compute them again, then index them at once.
  if (db.prepare("SELECT 1 FROM mirror_flags WHERE name = 'lookup_keys_stale'").get()) {
    lookupIndex.defer();
    db.transaction(() => {
      invitations.refreshNameKeys();
      db.prepare("DELETE FROM mirror_flags WHERE name = 'lookup_keys_stale'").run();
    })();
  }
  // A crash during a bulk load left indexes set aside, or the lookup index behind its contacts.
  const bulkLoad = createBulkLoad(db, lookupIndex);
  bulkLoad.finishAtOnce();
  // The WAL is copied back by a worker thread, not inside a commit that a kiosk's check-in waits for.
  const checkpointer = startCheckpointer(db, path);
  return {
    db,
    lookupIndex,
    bulkLoad,
    invitations,
    checkIns: createCheckInsRepo(db),
    groups: createGroupsRepo(db),
    employees: createEmployeesRepo(db),
    syncState: createSyncStateRepo(db),
    outbox: createOutboxRepo(db),
    guests: createGuestsRepo(db, { guestsVersion: invitations.guestsVersion, bulkLoading: bulkLoad.active }),
    deskGuests: createDeskGuestsRepo(db, bulkLoad.active),
    /** Runs `work` in one synchronous transaction: never await inside. */
    transaction<T>(work: () => T): T {
      return db.transaction(work)();
    },
    close(): void {
      checkpointer.close();
      db.close();
    },
  };
}
export type Mirror = ReturnType<typeof openMirror>;
