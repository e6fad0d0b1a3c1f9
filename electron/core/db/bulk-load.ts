/**
 * A bulk load: the first sync of a site, into an empty mirror. Maintaining
 * the secondary indexes and the lookup index row by row is most of what such
 * a sync costs (rows arrive in invitation order, the indexes take them in
 * random order, and each short transaction writes their pages again), while
 * nothing is there to be found yet. So for the load they are set aside, and
 * made again after its last row: each secondary index in one statement over
 * the sorted rows, one per turn of the event loop, then the lookup index in
 * slices (index-build.ts). Their definitions wait in bulk_load_set_aside
 * (migration 0010): a crash mid-load leaves them there, and openMirror makes
 * them again before anything reads.
 *
 * While a load runs, lookups find nothing (the lookup index is not built
 * either) and the statements that name an index by INDEXED BY must not run:
 * readers ask active().
 */
import type Database from 'better-sqlite3';
import type { LookupIndex } from '../lookup/index-build.ts';

/**
 * What a load sets aside: the secondary indexes of the tables it fills, and
 * the change log's trigger on new invitations. Not a UNIQUE index: it keeps
 * guarding the rows, or it could not be made again after rows that break it.
 */
const SET_ASIDE = `
  SELECT name, type, sql FROM sqlite_schema
  WHERE sql IS NOT NULL AND (
    (type = 'index' AND tbl_name IN ('events', 'contacts', 'invitations') AND sql NOT LIKE 'CREATE UNIQUE %')
    OR (type = 'trigger' AND name = 'guest_changes_invitation_ai'))
  ORDER BY type, name`;

export function createBulkLoad(db: Database.Database, lookupIndex: LookupIndex) {
  const setAside = db.prepare(SET_ASIDE) as Database.Statement<[], { name: string; type: string; sql: string }>;
  const save = db.prepare<[{ name: string; type: string; sql: string }]>(
    'INSERT INTO bulk_load_set_aside (name, type, sql) VALUES (@name, @type, @sql)',
  );
  const waiting = db.prepare(
    'SELECT name, type, sql FROM bulk_load_set_aside ORDER BY type, name',
  ) as Database.Statement<[], { name: string; type: string; sql: string }>;
  const anyWaiting = db.prepare('SELECT 1 FROM bulk_load_set_aside LIMIT 1');
  const done = db.prepare<[string]>('DELETE FROM bulk_load_set_aside WHERE name = ?');
  const exists = db.prepare<[string]>('SELECT 1 FROM sqlite_schema WHERE name = ?');
  // The desks' views were read before the load: a version past every entry of the log makes them read it again.
  const restartChangeLog = db.prepare(`
    INSERT INTO guest_changes (invitation_id) VALUES (0), (0)`);
  const pruneChangeLog = db.prepare('DELETE FROM guest_changes WHERE seq < (SELECT max(seq) FROM guest_changes)');

  const active = () => anyWaiting.get() !== undefined;

  /** Makes one set-aside index or trigger again; after the last, the desks read their views afresh. */
  const restoreOne = db.transaction((entry: { name: string; type: string; sql: string }) => {
    if (exists.get(entry.name) === undefined) db.exec(entry.sql);
    done.run(entry.name);
    if (entry.type === 'trigger') {
      restartChangeLog.run();
      pruneChangeLog.run();
    }
  });

  return {
    /** Whether a load is under way (or was cut short and not yet finished). */
    active,

    /** Whether anything of a load is still to be made again: its indexes, or the lookup index (built last). */
    unfinished: (): boolean => active() || lookupIndex.deferred(),

    /** Sets aside the indexes, the change log's trigger and the lookup index. Call on an empty mirror. */
    begin(): void {
      db.transaction(() => {
        for (const entry of setAside.all()) {
          save.run(entry);
          db.exec(`DROP ${entry.type === 'index' ? 'INDEX' : 'TRIGGER'} "${entry.name.replaceAll('"', '""')}"`);
        }
        lookupIndex.defer();
      })();
    },

    /**
     * Makes everything again, letting the event loop go between two
     * statements and between two slices of the lookup index.
     */
    async finish(): Promise<void> {
      for (const entry of waiting.all()) {
        await new Promise((resolve) => setImmediate(resolve));
        restoreOne(entry);
      }
      await lookupIndex.restoreInSlices();
    },

    /** Makes everything again at once: when the mirror is opened after a crash cut a load short. */
    finishAtOnce(): void {
      for (const entry of waiting.all()) restoreOne(entry);
      if (lookupIndex.deferred()) lookupIndex.restore();
    },
  };
}
export type BulkLoad = ReturnType<typeof createBulkLoad>;
