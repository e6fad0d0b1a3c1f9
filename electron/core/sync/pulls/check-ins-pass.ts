/**
 * The bounded pass over the check-ins listing (see pullCheckIns in
 * check-ins.ts): its recent end and a page or two around older guests still
 * on site, each page checked against the ids kept from the last full walk
 * (check-in-listing.ts). docs/data.md "How check-in pulls stay bounded"
 * gives the reasoning.
 */
import type { CheckIn } from '../../../../shared/api/index.ts';
import type { RejectedRecord } from '../../api/client.ts';
import { type CheckInListing, keepTail, keptMeta, lowerBound } from '../check-in-listing.ts';
import type { SyncWarning } from '../status.ts';
import type { PullContext, PullResult } from './context.ts';
import type { FullListing } from './listing.ts';
import { removeConfirmed } from './removals.ts';
import { reportRejected } from './warnings.ts';
import { iso } from '../../../../shared/time.ts';

/** Check-in requests a pass may make when nothing changed: the recent part, and two pages of older guests on site. */
export const CHECK_IN_PASS_REQUESTS = 3;

/**
 * Records per page a bounded pass asks for: enough for a day's check-ins at
 * the recent end, and small enough that a pass stays a few milliseconds of
 * the service's time and ours.
 */
const PASS_PAGE = 200;

/** The check-ins listing, and how its rows go when a pass finds them gone (the hold-back rule still applies). */
export interface CheckInsListing extends FullListing<CheckIn, unknown> {
  remove: (ids: (string | number)[]) => number;
}

/** Why a bounded pass cannot trust what it read; the pass then reads the whole listing. */
export class ListingChanged extends Error {}

export async function recentPass(
  ctx: PullContext,
  spec: CheckInsListing,
  known: CheckInListing,
  fullAt: string,
): Promise<PullResult> {
  const { mirror, config } = ctx;
  const step = Math.min(known.pageSize, PASS_PAGE);
  const warnings: SyncWarning[] = [];
  const rejected: RejectedRecord[] = [];
  let requests = 0;
  let received = 0;
  const memo = ctx.listings?.get(spec.resource);
  const applied = new Map<number, { hash: string; answer: unknown }>();

  /** Reads `limit` records from `offset`; their ids in order (set-aside ones included when they have one). */
  const read = async (offset: number) => {
    const previous = memo?.get(offset);
    let hash: string | undefined;
    const fetched = await spec.fetch(offset, step, {
      signal: ctx.signal,
      ...(memo ? { previous, onHash: (h: string) => (hash = h) } : {}),
    });
    requests++;
    if (hash !== undefined) applied.set(offset, { hash, answer: fetched.answer });
    rejected.push(...fetched.rejected);
    received += fetched.items.length;
    const ids = [...fetched.items.map((c) => c.id), ...fetched.rejected.map((r) => r.id)]
      .filter((id): id is number => typeof id === 'number')
      .sort((a, b) => a - b);
    const ordered = fetched.items.every((c, i, all) => i === 0 || all[i - 1]!.id < c.id);
    if (!ordered) throw new ListingChanged('the listing is not in id order');
    return { ...fetched, ids, unchanged: previous !== undefined && fetched.answer === previous.answer };
  };

  // The recent end: from one page before the end as last known, to the end as it is now.
  const start = Math.max(0, known.ids.length - step);
  const first = await read(start);
  const total = first.page.totalCount;
  // An empty answer from offset 0 that counts 0 is the whole listing, read: every row is unseen.
  const empty = start === 0 && first.page.received === 0 && total === 0;
  const firstId = empty ? Number.MIN_SAFE_INTEGER : first.ids[0];
  if (firstId === undefined) throw new ListingChanged('the recent page is empty');
  // As many records before the first one read as known: nothing was added or undone further back.
  if (!empty && lowerBound(known.ids, firstId) !== start) throw new ListingChanged('the listing changed further back');
  const tail = [first];
  let end = start + (first.page.received ?? 0);
  while (end < total) {
    const next = await read(end);
    if ((next.page.received ?? 0) === 0 || next.ids[0]! <= tail.at(-1)!.ids.at(-1)!)
      throw new ListingChanged('the listing moved while read');
    tail.push(next);
    end += next.page.received ?? 0;
  }
  const tailIds = tail.flatMap((p) => p.ids);
  if (start + tailIds.length !== total) throw new ListingChanged('the recent part does not add up to totalCount');

  // Older guests still on site: their pages, in turns from one pass to the next.
  const older: Awaited<ReturnType<typeof read>>[] = [];
  const onSiteBefore = mirror.checkIns.idsInStates(config.locationId, config.flow.onsite).filter((id) => id < firstId);
  let cursor = known.cursor;
  const visited = new Set<number>();
  while (requests < CHECK_IN_PASS_REQUESTS && onSiteBefore.length > 0) {
    const next = onSiteBefore.find((id) => id >= cursor) ?? onSiteBefore[0]!;
    const offset = lowerBound(known.ids, next);
    if (visited.has(offset)) break; // every one seen this pass
    visited.add(offset);
    const page = await read(offset);
    const expected = known.ids.slice(offset, offset + page.ids.length);
    if (page.ids.length === 0 || page.ids.some((id, i) => id !== expected[i]))
      throw new ListingChanged('the listing changed around an older guest on site');
    older.push(page);
    cursor = page.ids.at(-1)! + 1;
    if (cursor > onSiteBefore.at(-1)!) cursor = 0;
  }

  reportRejected(warnings, ctx, spec.what, rejected);
  let removed = 0;
  let ids = known.ids;
  mirror.transaction(() => {
    for (const page of [...tail, ...older]) if (!page.unchanged) spec.apply(page.items);
    // In the recent part, a check-in no longer listed was undone (or deleted).
    const seen = new Set(tailIds);
    const rows = mirror.checkIns.fromId(config.locationId, firstId);
    const onsite = new Set(config.flow.onsite);
    // Removals held further back: the offsets checked this pass show the listing there as last
    // read, which did not list them, so this listing agrees and they go (removeConfirmed).
    const listedBefore = (id: number) => known.ids[lowerBound(known.ids, id)] === id;
    const heldBefore = mirror.syncState
      .held(spec.resource)
      .filter((id): id is number => typeof id === 'number' && id < firstId && !listedBefore(id));
    removed = removeConfirmed(
      ctx,
      {
        resource: spec.resource,
        unseen: [
          ...rows.filter((r) => !seen.has(r.id)).map((r) => ({ id: r.id, guarded: onsite.has(r.state) })),
          ...heldBefore.map((id) => ({ id, guarded: true })),
        ],
        size: rows.length + heldBefore.length,
        remove: spec.remove,
      },
      warnings,
    );
    // The listing as this pass leaves it, kept in the mirror in the same transaction.
    ids = keepTail(mirror, spec.resource, known, start, tailIds);
    mirror.syncState.recordSuccess(spec.resource, iso(ctx.now()), {
      listing: keptMeta({ ...known, ids, cursor }, fullAt),
    });
  });
  known.ids = ids;
  known.cursor = cursor;
  if (ctx.listings) {
    const pages = new Map(memo ?? []);
    for (const [offset, value] of applied) pages.set(offset, value);
    ctx.listings.set(spec.resource, pages);
  }
  return { received, pages: requests, removed, complete: true, warnings };
}
