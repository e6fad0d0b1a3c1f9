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
      last_error = NULL, last_error_at = NULL, listing = coalesce(@listing, sync_state.listing)`);
  const failure = db.prepare(`
    INSERT INTO sync_state (resource, last_error, last_error_at) VALUES (@resource, @error, @at)
    ON CONFLICT(resource) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at`);
  const heldOf = db.prepare('SELECT held FROM sync_state WHERE resource = ?').pluck() as Database.Statement<
    [string],
    string | null
  >;
  const listingOf = db.prepare('SELECT listing FROM sync_state WHERE resource = ?').pluck() as Database.Statement<
    [string],
    string | null
  >;
  const setListing = db.prepare(`
    INSERT INTO sync_state (resource, listing) VALUES (?, ?)
    ON CONFLICT(resource) DO UPDATE SET listing = excluded.listing`);
  const listedIds = db
    .prepare('SELECT id FROM check_in_listing WHERE resource = ? ORDER BY id')
    .pluck() as Database.Statement<[string], number>;
  const listId = db.prepare('INSERT OR IGNORE INTO check_in_listing (resource, id) VALUES (?, ?)');
  const unlistId = db.prepare('DELETE FROM check_in_listing WHERE resource = ? AND id = ?');
  const unlistOthers = db.prepare('DELETE FROM check_in_listing WHERE resource <> ?');
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
    recordSuccess(
      resource: string,
      at: string,
      options: { watermark?: string | null; full?: boolean; listing?: string } = {},
    ) {
      success.run({
        resource,
        watermark: options.watermark ?? null,
        at,
        fullAt: options.full ? at : null,
        listing: options.listing ?? null,
      });
    },
    /** What makes the kept ids of the check-ins listing add up (sync/check-in-listing.ts), as stored: JSON, or null. */
    listingMeta: (resource: string): string | null => listingOf.get(resource) ?? null,
    /** The kept ids of the check-ins listing, in order. */
    listingIds: (resource: string): number[] => listedIds.all(resource),
    /**
     * Changes the kept ids of a listing and, when given, what makes them add up (null: they do
     * not). Call inside a transaction.
     */
    keepListing(
      resource: string,
      change: { added: readonly number[]; removed: readonly number[]; meta?: string | null },
    ) {
      for (const id of change.removed) unlistId.run(resource, id);
      for (const id of change.added) listId.run(resource, id);
      if (change.meta !== undefined) setListing.run(resource, change.meta);
    },
    /** The listings of other resources (another location's): no longer read. */
    dropListingsBut(resource: string) {
      unlistOthers.run(resource);
    },
    recordFailure(resource: string, at: string, error: string) {
      failure.run({ resource, error, at });
    },
    /** Every watermark and time: the next pull starts afresh (a new demo week behind the same address). */
    forgetAll() {
      db.prepare('DELETE FROM sync_state').run();
      db.prepare('DELETE FROM check_in_listing').run();
    },
  };
}
export type SyncStateRepo = ReturnType<typeof createSyncStateRepo>;
