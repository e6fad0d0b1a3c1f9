/**
 * Check-ins of the location. The listing has no change filter, only offset
 * paging in id order and a totalCount, and a site's history grows without
 * end; so a pull reads it whole only now and then, and in between makes a
 * bounded pass (check-ins-pass.ts). docs/data.md "How check-in pulls stay
 * bounded" gives the reasoning.
 */
import { withoutForgotten } from '../../forget/forgotten-ids.ts';
import { type CheckIn, LIMITS } from '../../../../shared/api/index.ts';
import { utc } from '../../db/repos/util.ts';
import { keepWalk, restoreListing } from '../check-in-listing.ts';
import { stateKey, type PullContext, type PullResult } from './context.ts';
import { type CheckInsListing, ListingChanged, recentPass } from './check-ins-pass.ts';
import { fetchedPage, refreshInFull } from './listing.ts';
import { removeConfirmed } from './removals.ts';
import { DAY, iso } from '../../../../shared/time.ts';

export { CHECK_IN_PASS_REQUESTS } from './check-ins-pass.ts';

function checkInsListing(ctx: PullContext): CheckInsListing {
  const { mirror, api, config } = ctx;
  const resource = stateKey('checkIns', config);
  const retainAfter = iso(ctx.now() - config.retentionDays * DAY);
  const onsite = new Set(config.flow.onsite);
  const remove = (ids: (string | number)[]) => mirror.checkIns.removeIds(ids);
  return {
    resource,
    what: 'check-in',
    pageSize: LIMITS.checkIns.maxLimit,
    idOf: (checkIn) => checkIn.id,
    fetch: async (offset, limit, options) => {
      const answer = await api.call(
        'listCheckIns',
        { params: { locationId: config.locationId }, query: { limit, offset } },
        options,
      );
      return fetchedPage(answer, answer.checkIns);
    },
    // Past the retention period, personal data of guests who left is not kept on the lobby machine.
    apply: (items: CheckIn[]) =>
      mirror.checkIns.upsertMany(
        withoutForgotten(mirror, 'check-in', items).filter((c) => (utc(c.leftAt) ?? retainAfter) >= retainAfter),
        config.locationId,
      ),
    // Held while it would drop a guest on site (removals.ts).
    removeUnseen: (seen, warnings) =>
      removeConfirmed(
        ctx,
        {
          resource,
          unseen: mirror.checkIns
            .unseen(config.locationId, seen)
            .map((row) => ({ id: row.id, guarded: onsite.has(row.state) })),
          size: mirror.checkIns.countAt(config.locationId),
          remove,
        },
        warnings,
      ),
    remove,
  };
}

/**
 * A pass reads the whole listing only every full interval (and at start),
 * and in between reads its recent end (one page, where new check-ins and
 * changes to recent ones are) plus up to two pages around guests still on
 * site from earlier. Each page read is checked against the ids known at its
 * offset: any difference below what was read (a check-in added or undone
 * further back) makes the pass read the whole listing at once.
 */
export async function pullCheckIns(ctx: PullContext, mode: 'pass' | 'full' = 'pass'): Promise<PullResult> {
  const listing = checkInsListing(ctx);
  const listings = ctx.checkInListings;
  // Kept by the engine between passes, and in the mirror from one process to the next.
  const known = listings ? (listings.get(listing.resource) ?? restoreListing(ctx.mirror, listing.resource)) : undefined;
  if (listings && known) listings.set(listing.resource, known);
  const fullAt = ctx.mirror.syncState.get(listing.resource)?.lastFullAt;
  const fullDue =
    mode === 'full' || !known || !fullAt || ctx.now() - Date.parse(fullAt) >= ctx.config.intervals.fullSeconds * 1000;
  if (!fullDue) {
    try {
      return await recentPass(ctx, listing, known, fullAt);
    } catch (error) {
      if (!(error instanceof ListingChanged)) throw error;
    }
  }
  const full = await refreshInFull(ctx, listing);
  if (listings) {
    const kept = keepWalk(ctx.mirror, listing.resource, { ...full.walk, complete: full.complete });
    if (kept) listings.set(listing.resource, kept);
    else listings.delete(listing.resource);
  }
  return full;
}
