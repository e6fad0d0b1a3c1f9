/**
 * The lookup index (contacts_fts) while a bulk load is under way. Into an
 * empty mirror, maintaining the index row by row is most of the cost of a
 * first sync, so it is deferred (the flag 'lookup_index_deferred': the
 * triggers stand aside) and built once after the last row. Built in slices
 * by contact id, in short transactions with the event loop let go between
 * two (migration 0009), so that a check-in tapped meanwhile is not held up;
 * or whole at once, when the mirror is opened after a crash left it
 * deferred.
 */
import type Database from 'better-sqlite3';

/** About this long per slice; the rows per slice follow what the last one cost per row. */
const SLICE_MS = 8;
const MIN_ROWS = 100;
const MAX_ROWS = 20_000;

export function createLookupIndex(db: Database.Database) {
  const flagged = db.prepare("SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred'");
  const setFlag = db.prepare("INSERT OR IGNORE INTO mirror_flags (name) VALUES ('lookup_index_deferred')");
  const clearFlag = db.prepare("DELETE FROM mirror_flags WHERE name = 'lookup_index_deferred'");
  const rebuild = db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('rebuild')");
  const deleteAll = db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('delete-all')");
  const progress = db.prepare('SELECT up_to FROM lookup_index_build').pluck() as Database.Statement<[], number | null>;
  const building = db.prepare('SELECT count(*) FROM lookup_index_build').pluck() as Database.Statement<[], number>;
  const startBuild = db.prepare('INSERT INTO lookup_index_build (up_to) VALUES (NULL)');
  const endBuild = db.prepare('DELETE FROM lookup_index_build');
  const setProgress = db.prepare<[number]>('UPDATE lookup_index_build SET up_to = ?');
  // The next contacts after the last one indexed, in id order: ids only, then the index rows of that range.
  const nextEnd = db
    .prepare('SELECT max(id) FROM (SELECT id FROM contacts WHERE id > @from ORDER BY id LIMIT @rows)')
    .pluck() as Database.Statement<[{ from: number; rows: number }], number | null>;
  const indexRange = db.prepare<[{ from: number; end: number }]>(
    `INSERT INTO contacts_fts (rowid, name_key, email, company_name)
     SELECT id, name_key, email, company_name FROM contacts WHERE id > @from AND id <= @end`,
  );

  const deferred = () => flagged.get() !== undefined;

  /** One slice of the build: indexes up to `rows` more contacts; true when the index is complete (and maintained again). */
  const slice = db.transaction((rows: number): boolean => {
    if (!deferred()) return true;
    if (building.get() === 0) {
      // What the index held before the load is not to be trusted: it starts empty.
      deleteAll.run();
      startBuild.run();
    }
    // A range by rowid, so that each slice seeks to where the last one ended instead of reading from the start.
    const from = progress.get() ?? Number.MIN_SAFE_INTEGER;
    const end = nextEnd.get({ from, rows });
    if (end === null || end === undefined) {
      endBuild.run();
      clearFlag.run();
      return true;
    }
    indexRange.run({ from, end });
    setProgress.run(end);
    return false;
  });

  return {
    /** Stops maintaining the lookup index row by row (for a bulk load into an empty mirror). */
    defer(): void {
      setFlag.run();
    },
    deferred,
    /** Rebuilds the index whole, at once, and maintains it row by row again. */
    restore(): void {
      db.transaction(() => {
        rebuild.run();
        endBuild.run();
        clearFlag.run();
      })();
    },
    /**
     * Builds the index in slices, letting the event loop go between two;
     * resolves when it is complete and maintained row by row again.
     */
    async restoreInSlices(sliceMs = SLICE_MS): Promise<void> {
      let rows = 1_000;
      for (;;) {
        const t0 = performance.now();
        if (slice(rows)) return;
        const perRow = (performance.now() - t0) / rows;
        rows = Math.max(MIN_ROWS, Math.min(MAX_ROWS, Math.round(sliceMs / Math.max(perRow, 1e-4))));
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
export type LookupIndex = ReturnType<typeof createLookupIndex>;
