/**
 * The check-ins listing as the sync last read it, in memory between passes
 * and in the mirror between processes: a pass is bounded only when it knows
 * every id of the listing (offsets count them), and without what is kept
 * here a process that starts again (a kiosk restarted every night, the CLI
 * run from cron) would walk the whole history of the site first. What is
 * kept is trusted only when it adds up: as many ids as counted, from the
 * last full walk the sync state records; otherwise the pass walks in full.
 */
import { z } from 'zod';
import type { Mirror } from '../db/mirror.ts';

/**
 * The check-ins listing as last read: every id it showed, in its order (id
 * ascending), including records kept out of the mirror (retention, or set
 * aside), because offsets count them; and the service's page size.
 */
export interface CheckInListing {
  ids: number[];
  pageSize: number;
  /** The next on-site guest below the recent part to look at again (see pullCheckIns). */
  cursor: number;
}

/** What makes the kept ids add up (sync_state.listing). */
const Kept = z.object({
  count: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  cursor: z.number().int(),
  /** The full walk they come from: sync_state.last_full_at when it ended. */
  fullAt: z.string(),
});

/** The index of the first id >= id in a sorted array. */
export function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The listing as stored in sync_state.listing, for the pass that keeps it (one row written per pass). */
export function keptMeta(listing: CheckInListing, fullAt: string): string {
  return JSON.stringify({ count: listing.ids.length, pageSize: listing.pageSize, cursor: listing.cursor, fullAt });
}

/** The listing a process that starts again passes over, or undefined when what is kept does not add up. */
export function restoreListing(mirror: Mirror, resource: string): CheckInListing | undefined {
  const fullAt = mirror.syncState.get(resource)?.lastFullAt;
  const meta = mirror.syncState.listingMeta(resource);
  if (!fullAt || meta === null) return undefined;
  let kept: z.infer<typeof Kept>;
  try {
    kept = Kept.parse(JSON.parse(meta));
  } catch {
    return undefined;
  }
  if (kept.fullAt !== fullAt) return undefined;
  const ids = mirror.syncState.listingIds(resource);
  if (kept.count !== ids.length) return undefined;
  return { ids, pageSize: kept.pageSize, cursor: kept.cursor };
}

/**
 * After a full walk: keeps its ids (writing only those that differ from what
 * was kept) and returns the listing, or forgets what was kept when the walk
 * was incomplete (the next pass then walks in full again).
 */
export function keepWalk(
  mirror: Mirror,
  resource: string,
  walk: { complete: boolean; ids: Iterable<string | number>; pageSize: number },
): CheckInListing | undefined {
  return mirror.transaction(() => {
    const { syncState } = mirror;
    const before = syncState.listingIds(resource);
    const fullAt = syncState.get(resource)?.lastFullAt;
    if (!walk.complete || !fullAt) {
      syncState.keepListing(resource, { added: [], removed: [], meta: null });
      return undefined;
    }
    const listing = { ids: ([...walk.ids] as number[]).sort((a, b) => a - b), pageSize: walk.pageSize, cursor: 0 };
    syncState.dropListingsBut(resource);
    syncState.keepListing(resource, { ...difference(before, listing.ids), meta: keptMeta(listing, fullAt) });
    return listing;
  });
}

/**
 * After a bounded pass that read the listing from `start` on: the ids it
 * now has, and the change to keep (call inside the pass's transaction; its
 * sync_state row carries keptMeta).
 */
export function keepTail(mirror: Mirror, resource: string, known: CheckInListing, start: number, tail: number[]) {
  const ids = [...known.ids.slice(0, start), ...tail];
  const change = difference(known.ids.slice(start), tail);
  if (change.added.length > 0 || change.removed.length > 0) mirror.syncState.keepListing(resource, change);
  return ids;
}

function difference(before: readonly number[], after: readonly number[]) {
  const had = new Set(before);
  const has = new Set(after);
  return { added: after.filter((id) => !had.has(id)), removed: before.filter((id) => !has.has(id)) };
}
