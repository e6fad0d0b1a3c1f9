/** The offline mirror: one SQLite file, its migrations, and one repository per table. */
import type Database from 'better-sqlite3';
import { createBulkLoad } from './bulk-load.ts';
import { startCheckpointer } from '../../../shared/sqlite/checkpointer.ts';
import { warnOnStderr } from '../config/private-files.ts';
import { openChecked, quickCheck } from './open-checked.ts';
import { damageSentence, noteDamage } from './damage-notice.ts';
import { LOCAL_TABLES, salvageOutbox } from './salvage.ts';
import { createLookupIndex } from '../lookup/index-build.ts';
import { configureDatabase, migrate, readMigrations } from '../../../shared/sqlite/migrate.ts';
import { createAuditLogRepo } from './repos/audit-log.ts';
import { createCheckInFactsRepo } from './repos/check-in-facts.ts';
import { createCheckInsRepo } from './repos/check-ins.ts';
import { createDeskGuestsRepo } from './repos/desk-guests.ts';
import { createGuestsRepo } from './repos/guests.ts';
import { createInvitationsRepo } from './repos/invitations.ts';
import { createOnSiteRepo } from './repos/on-site.ts';
import { createOutboxRepo } from './repos/outbox.ts';
import { createPrintJobsRepo } from './repos/print-jobs.ts';
import { createAgreementsRepo } from './repos/agreements.ts';
import { createEmployeesRepo, createGroupsRepo } from './repos/reference-data.ts';
import { createStaffRepo } from './repos/staff.ts';
import { createSyncStateRepo } from './repos/sync-state.ts';
import { createVisitsRepo } from './repos/visits.ts';
import { createWatchlistRepo } from './repos/watchlist.ts';

export const MIRROR_MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export interface OpenMirrorOptions {
  /**
   * A damaged mirror: `refuse` (the default) says so and opens nothing;
   * `move-aside` keeps it beside, makes a new one and queues again what its
   * outbox still held (see open-checked.ts, salvage.ts).
   */
  onDamage?: 'refuse' | 'move-aside';
  log?: (line: string) => void;
  /**
   * `false` for a command that opens, does a little and closes (foyer
   * status): the checkpoint worker would cost more to start and to wait for
   * at close than the automatic checkpoint it replaces.
   */
  checkpointer?: boolean;
}

/** What the log says of a damaged mirror's outbox. */
function describeSalvage(keptAt: string, report: ReturnType<typeof salvageOutbox>): string {
  const local = Object.entries(report.local).map(([table, n]) => {
    const [one, many] = LOCAL_TABLES[table as keyof typeof LOCAL_TABLES];
    return `${n} ${n === 1 ? one : many}`;
  });
  if (report.problem && report.queued + report.failed === 0)
    return (
      `its outbox could not be read (${report.problem}): whatever it held stays in ${keptAt}, and nothing of it is queued again` +
      (local.length ? `; kept in the new mirror: ${local.join(', ')}` : '')
    );
  const held = `${report.queued} queued and ${report.failed} failed`;
  return (
    `its outbox held ${held} changes that could be read: ${report.copied} are queued again in the new mirror` +
    (report.note ? ` (${report.note})` : '') +
    (local.length ? `; kept with it: ${local.join(', ')}` : '') +
    (report.problem ? `; ${report.problem}: what could not be read stays in ${keptAt}` : '')
  );
}

export function openMirror(path: string, options: OpenMirrorOptions = {}) {
  const log = options.log ?? warnOnStderr;
  const { db, damaged, tornWalCopy } = openChecked(path, {
    what: 'The mirror',
    init: (db) => {
      configureDatabase(db);
      quickCheck(db);
      migrate(db, readMigrations(MIRROR_MIGRATIONS_DIR), `The mirror ${path}`);
    },
    onDamage: options.onDamage ?? 'refuse',
    advice:
      'Start Foyer (foyer web, foyer hub or the app): it keeps the damaged mirror beside, queues again what its outbox ' +
      'still holds and fills a new one from the service.',
    log,
  });
  if (tornWalCopy) {
    const counts = createOutboxRepo(db).counts();
    log(
      `The mirror ${path}: its outbox holds ${counts.pending + counts.sending} queued and ${counts.failed} failed ` +
        `changes as opened; changes in the torn part of the log are not among them (copy: ${tornWalCopy}).`,
    );
  }
  const salvaged = damaged && salvageOutbox(damaged.keptAt, db);
  if (damaged && salvaged) log(`The mirror ${path}: ${describeSalvage(damaged.keptAt, salvaged)}.`);
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
  const checkpointer = options.checkpointer === false ? { close() {} } : startCheckpointer(db, path);
  const syncState = createSyncStateRepo(db);
  // What could not be read is said at the desk and the console too, not in the log alone.
  const unread = damaged && salvaged && damageSentence(damaged.keptAt, salvaged);
  if (damaged && unread) noteDamage(syncState, damaged.keptAt, unread, new Date().toISOString());
  const owned = new Map<(db: Database.Database) => unknown, unknown>();
  return {
    db,
    lookupIndex,
    bulkLoad,
    invitations,
    checkIns: createCheckInsRepo(db),
    groups: createGroupsRepo(db),
    employees: createEmployeesRepo(db),
    syncState,
    outbox: createOutboxRepo(db),
    /** Where and how each check-in was made here, kept after its outbox row (migration 0021). */
    checkInFacts: createCheckInFactsRepo(db),
    guests: createGuestsRepo(db, { guestsVersion: invitations.guestsVersion, bulkLoading: bulkLoad.active }),
    deskGuests: createDeskGuestsRepo(db, bulkLoad.active),
    /** Who is on site (walk-ins on their way to the service included): the evacuation list's and the roll call's. */
    onSite: createOnSiteRepo(db),
    auditLog: createAuditLogRepo(db),
    visits: createVisitsRepo(db),
    printJobs: createPrintJobsRepo(db),
    /** The site's watchlist and its alerts: local, never sent to the service. */
    watchlist: createWatchlistRepo(db),
    /** Agreements signed and photos taken at the kiosk (electron/core/agreements). */
    agreements: createAgreementsRepo(db),
    /** The site's named staff (their PINs and card codes as hashes). */
    staff: createStaffRepo(db),
    /**
     * A domain's own repository on this mirror (the roll call's, in electron/core/roll-call/), made once: the
     * mirror names no domain, so that a domain's folder can go without it. A new connection brings a new mirror,
     * and with it new repositories.
     */
    repo<T>(create: (db: Database.Database) => T): T {
      if (!owned.has(create)) owned.set(create, create(db));
      return owned.get(create) as T;
    },
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
