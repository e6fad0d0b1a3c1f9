/**
 * The shared listing pull: walks an offset-paged listing, applies its pages
 * as they arrive in transactions sized by time (transaction-size.ts), and
 * commits the end of the pull (what the service no longer lists removed, the
 * sync state recorded) in one last transaction. A failed pull removes
 * nothing and is simply done again.
 */
import type { CallOptions, RejectedRecord } from '../../api/client.ts';
import { type Page, walkPages, type WalkResult } from '../../api/pager.ts';
import type { SyncWarning } from '../status.ts';
import type { ListingMemo, PullContext, PullResult } from './context.ts';
import { batcher } from './transaction-size.ts';
import { reportIncomplete, reportRejected } from './warnings.ts';
import { iso } from '../../../../shared/time.ts';

/** A listing answer of the interface: its records, those set aside, and the count. */
export interface ListingAnswer {
  received: number;
  rejected: RejectedRecord[];
  pageInfo: { totalCount: number };
}

/** One page as a resource fetched it: `answer` is the parsed answer the items come from. */
export interface FetchedPage<T, A> {
  answer: A;
  items: T[];
  page: Page<T>;
  rejected: RejectedRecord[];
}

/** A page of a listing answer, as the pager takes it: paging by what came back, set-aside records counted as seen. */
export function fetchedPage<T, A extends ListingAnswer>(answer: A, items: T[]): FetchedPage<T, A> {
  return {
    answer,
    items,
    page: {
      items,
      received: answer.received,
      totalCount: answer.pageInfo.totalCount,
      rejectedIds: answer.rejected.map((r) => r.id),
    },
    rejected: answer.rejected,
  };
}

/** A resource's listing: how to read a page of it and how to apply its records. */
export interface Listing<T, A> {
  /** Its sync_state key (stateKey). */
  resource: string;
  /** What one record is called in warnings. */
  what: string;
  pageSize: number;
  idOf: (item: T) => string | number;
  fetch: (offset: number, limit: number, options: CallOptions) => Promise<FetchedPage<T, A>>;
  /** Writes records into the mirror; called inside a transaction. */
  apply: (items: T[]) => void;
}

export interface ListingOptions<T> {
  /**
   * The pages as this process last applied them: a page whose text is the
   * same is neither parsed nor written again. Without it, every page is.
   */
  memo?: ListingMemo | undefined;
  /** Sees each page's new records as they arrive, before they are applied. */
  onItems?: (items: T[]) => void;
}

/**
 * The end of a pull, inside its last transaction, after every record was
 * applied: removes what the walk showed is gone and records the pull in the
 * sync state. Returns how many rows it removed.
 */
export type Commit = (walk: WalkResult, warnings: SyncWarning[]) => number;

/** What the pager hands back with each page besides the Page itself. */
interface Walked<A> {
  offset: number;
  hash: string | undefined;
  answer: A;
  /** The same text as when this process last applied the page: not applied again. */
  unchanged: boolean;
}

/**
 * Pulls a listing: every page applied as it arrives, then `commit`. What was
 * applied is remembered (options.memo) only once the pull has committed it,
 * and only for a complete listing: a page of a listing that moved under the
 * walk is no base. Nothing of the pull is applied after it ended.
 */
export async function pullListing<T, A>(
  ctx: PullContext,
  listing: Listing<T, A>,
  options: ListingOptions<T>,
  commit: Commit,
): Promise<PullResult & { walk: WalkResult }> {
  const { memo } = options;
  let received = 0;
  const warnings: SyncWarning[] = [];
  const rejected = new Map<number, RejectedRecord[]>();
  const pages = batcher<T>(ctx.mirror, listing.apply);
  const known = memo?.get(listing.resource);
  const applied = new Map<number, { hash: string; answer: unknown }>();
  // Until this pull has committed, the pages it applied may differ from what was remembered:
  // a failed pull leaves nothing remembered, so the next one applies every page.
  memo?.delete(listing.resource);
  try {
    const result = await walkPages<T, Walked<A>>({
      pageSize: listing.pageSize,
      concurrency: ctx.concurrency ?? 4,
      signal: ctx.signal,
      idOf: listing.idOf,
      fetchPage: async (offset, limit, signal) => {
        const previous = known?.get(offset);
        let hash: string | undefined;
        const fetched = await listing.fetch(offset, limit, {
          signal,
          ...(memo ? { previous, onHash: (h: string) => (hash = h) } : {}),
        });
        rejected.set(offset, fetched.rejected);
        const unchanged = previous !== undefined && fetched.answer === previous.answer;
        return { ...fetched.page, offset, hash, answer: fetched.answer, unchanged };
      },
      onPage: (items, progress, page) => {
        if (page.hash !== undefined) applied.set(page.offset, { hash: page.hash, answer: page.answer });
        options.onItems?.(items);
        received += items.length;
        ctx.onProgress?.(progress);
        return page.unchanged ? undefined : pages.add(items);
      },
    });
    await pages.drain();
    reportRejected(warnings, ctx, listing.what, [...rejected.values()].flat());
    reportIncomplete(warnings, ctx, result);
    let removed = 0;
    ctx.mirror.transaction(() => {
      pages.flush();
      removed = commit(result, warnings);
    });
    memo?.set(listing.resource, result.complete && result.restarts === 0 ? applied : new Map());
    return { received, pages: result.pages, removed, complete: result.complete, warnings, walk: result };
  } finally {
    await pages.drain().catch(() => {});
  }
}

/** A listing refreshed in full: what a complete listing did not show is removed. */
export interface FullListing<T, A> extends Listing<T, A> {
  /**
   * Removes the rows a complete listing did not show (`seen`: a JSON array
   * of its ids), at once or held back (removals.ts); returns how many went.
   * Called inside the pull's last transaction.
   */
  removeUnseen: (seen: string, warnings: SyncWarning[]) => number;
}

/**
 * A listing refreshed in full: every page upserted, then, when the listing
 * was complete, the rows it did not show removed. A listing pulled every 30
 * seconds is mostly what it was: a page whose text is the same as when this
 * process last applied it (ctx.listings) is neither parsed nor written again.
 */
export function refreshInFull<T, A>(
  ctx: PullContext,
  listing: FullListing<T, A>,
): Promise<PullResult & { walk: WalkResult }> {
  return pullListing(ctx, listing, { memo: ctx.listings }, (walk, warnings) => {
    const removed = walk.complete ? listing.removeUnseen(JSON.stringify([...walk.ids]), warnings) : 0;
    ctx.mirror.syncState.recordSuccess(listing.resource, iso(ctx.now()), { full: walk.complete });
    return removed;
  });
}
