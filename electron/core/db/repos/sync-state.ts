import type Database from 'better-sqlite3';

export interface SyncStateRow {
  resource: string;
  watermark: string | null;
  lastSuccessAt: string | null;
  lastFullAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

export function createSyncStateRepo(db: Database.Database) {
  const select = `SELECT resource, watermark, last_success_at AS lastSuccessAt, last_full_at AS lastFullAt,
    last_error AS lastError, last_error_at AS lastErrorAt FROM sync_state`;
  const get = db.prepare(`${select} WHERE resource = ?`) as Database.Statement<[string], SyncStateRow>;
  const success = db.prepare(`
    INSERT INTO sync_state (resource, watermark, last_success_at, last_full_at, last_error, last_error_at)
    VALUES (@resource, @watermark, @at, @fullAt, NULL, NULL)
    ON CONFLICT(resource) DO UPDATE SET watermark = coalesce(excluded.watermark, sync_state.watermark),
      last_success_at = excluded.last_success_at, last_full_at = coalesce(excluded.last_full_at, sync_state.last_full_at),
      last_error = NULL, last_error_at = NULL`);
  const failure = db.prepare(`
    INSERT INTO sync_state (resource, last_error, last_error_at) VALUES (@resource, @error, @at)
    ON CONFLICT(resource) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at`);
  const heldOf = db.prepare('SELECT held FROM sync_state WHERE resource = ?').pluck() as Database.Statement<
    [string],
    string | null
  >;
  const setHeld = db.prepare(`
    INSERT INTO sync_state (resource, held) VALUES (@resource, @held)
    ON CONFLICT(resource) DO UPDATE SET held = excluded.held`);
  return {
    get: (resource: string) => get.get(resource),
    /** Ids whose removal a listing asked for and that wait for a second listing to confirm it. */
    held(resource: string): (string | number)[] {
      const text = heldOf.get(resource);
      return text ? (JSON.parse(text) as (string | number)[]) : [];
    },
    setHeld(resource: string, ids: readonly (string | number)[]) {
      setHeld.run({ resource, held: ids.length ? JSON.stringify(ids) : null });
    },
    all: () => db.prepare(`${select} ORDER BY resource`).all() as SyncStateRow[],
    recordSuccess(resource: string, at: string, options: { watermark?: string | null; full?: boolean } = {}) {
      success.run({ resource, watermark: options.watermark ?? null, at, fullAt: options.full ? at : null });
    },
    recordFailure(resource: string, at: string, error: string) {
      failure.run({ resource, error, at });
    },
    /** Every watermark and time: the next pull starts afresh (a new demo week behind the same address). */
    forgetAll() {
      db.prepare('DELETE FROM sync_state').run();
    },
  };
}
export type SyncStateRepo = ReturnType<typeof createSyncStateRepo>;
