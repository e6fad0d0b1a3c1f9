/**
 * Walks an offset-paged listing. Paging goes by what came back, never by
 * what was asked: a service may give fewer items per page than asked (a cap
 * of its own, or a default it applies whatever the query says), so the
 * first page tells the service's page size, and a page that comes back
 * short before the end is followed by a read of the rest of it.
 *
 * totalCount is the service's word, not a fact: the walk is bounded
 * (`maxItems`, so a count of 1e12 is a warning, not a crash), and it is
 * cross-checked against what was seen (ids counted, a full last page probed
 * for more). A listing that does not add up is returned as incomplete with
 * the reasons, and nothing may be deleted on its strength.
 */
export interface Page<T> {
  /** The records the interface's shape accepted. */
  items: T[];
  /** Records the page held, accepted or not: paging goes by this (default: items and rejectedIds). */
  received?: number;
  totalCount: number;
  /** Ids of records set aside (the shape refused them); they exist at the service, so they count as seen. */
  rejectedIds?: readonly (string | number | null)[];
}

/** `More`: what the caller's pages carry besides a Page, handed back to onPage with it. */
export interface WalkOptions<T, More = unknown> {
  /** Items asked per page. */
  pageSize: number;
  fetchPage: (offset: number, limit: number, signal?: AbortSignal) => Promise<Page<T> & More>;
  idOf: (item: T) => string | number;
  /**
   * Receives each page's new items as soon as they arrive (pages may arrive out of order), and the page as
   * fetched. A promise it returns holds back the next request of that worker until it settles: a reader
   * slower than the service keeps only a bounded part of the listing in memory.
   */
  onPage?: (
    items: T[],
    progress: { pagesDone: number; pagesTotal: number },
    page: Page<T> & More,
  ) => void | Promise<void>;
  /** Pages in flight at once; default 4. */
  concurrency?: number;
  /** Walks started again because totalCount moved, before settling for what was seen. */
  maxRestarts?: number;
  /** The most records read from one listing, whatever totalCount says (default 1,000,000). */
  maxItems?: number;
  signal?: AbortSignal | undefined;
}

export interface WalkResult {
  /** Ids seen in the last walk, accepted or set aside. */
  ids: Set<string | number>;
  totalCount: number;
  pages: number;
  restarts: number;
  /** False when the listing did not add up: then `ids` may miss items, so nothing may be deleted on its strength. */
  complete: boolean;
  /** Why the listing is not complete, in words for people. */
  problems: string[];
  /** Items per page the service gives (the asked size, or less when it caps pages). */
  pageSize: number;
}

export const DEFAULT_MAX_ITEMS = 1_000_000;

class ListingMoved extends Error {}

export async function walkPages<T, More = unknown>(options: WalkOptions<T, More>): Promise<WalkResult> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxRestarts = options.maxRestarts ?? 3;
  const maxItems = options.maxItems ?? DEFAULT_MAX_ITEMS;
  const asked = options.pageSize;
  let pages = 0;
  for (let restarts = 0; ; restarts++) {
    const ids = new Set<string | number>();
    let anonymous = 0; // set-aside records without an id
    const problems: string[] = [];
    const take = (page: Page<T>) => {
      const fresh: T[] = [];
      for (const item of page.items) {
        const id = options.idOf(item);
        if (!ids.has(id)) {
          ids.add(id);
          fresh.push(item);
        }
      }
      for (const id of page.rejectedIds ?? [])
        if (id === null) anonymous++;
        else ids.add(id);
      return fresh;
    };
    const fetch = async (offset: number, limit: number) => {
      const page = await options.fetchPage(offset, limit, options.signal);
      pages++;
      return { ...page, received: page.received ?? page.items.length + (page.rejectedIds?.length ?? 0) };
    };

    const first = await fetch(0, asked);
    const totalCount = first.totalCount;
    // The service's own page size: what the first page held when it held less than asked and less than all.
    const step = first.received > 0 && first.received < asked && first.received < totalCount ? first.received : asked;
    const bound = Math.min(totalCount, maxItems);
    if (totalCount > maxItems)
      problems.push(`the service counts ${totalCount} records; Foyer reads at most ${maxItems} of one listing`);
    if (first.received === 0 && totalCount > 0)
      problems.push(`the service counts ${totalCount} records but its first page is empty`);
    const pagesTotal = Math.max(1, Math.ceil(bound / step));
    let pagesDone = 1;
    // take() before onPage: the ids are collected whether or not anyone listens.
    const firstItems = take(first);
    await options.onPage?.(firstItems, { pagesDone, pagesTotal }, first);

    const settle = restarts >= maxRestarts;
    let moved = false;
    // Offsets to read: the predicted page starts (made lazily: totalCount may be huge), and
    // the rest of any page that came back short before the end.
    let predicted = first.received > 0 ? first.received : bound;
    // Where the listing was seen to end early: no page is read past an empty one.
    let end = bound;
    const rests: number[] = [];
    /** Where the listing was seen to end: the offset after the last record of a page that reached `bound`. */
    let lastFull = first.received > 0 && first.received >= step && first.received === bound;
    const nextOffset = (): number | undefined => {
      if (rests.length) return rests.shift();
      if (predicted >= end) return undefined;
      const offset = predicted;
      predicted += step;
      return offset;
    };
    const worker = async () => {
      for (let offset = nextOffset(); offset !== undefined && !moved; offset = nextOffset()) {
        const limit = Math.min(step, bound - offset);
        const page = await fetch(offset, step);
        if (moved) return;
        if (page.totalCount !== totalCount && !settle) {
          moved = true;
          throw new ListingMoved();
        }
        pagesDone++;
        const items = take(page);
        await options.onPage?.(items, { pagesDone, pagesTotal: Math.max(pagesTotal, pagesDone) }, page);
        if (page.received === 0) {
          end = Math.min(end, offset);
          problems.push(`the service gave no records from offset ${offset} on, of the ${totalCount} it counts`);
        } else if (page.received < limit) rests.push(offset + page.received);
        else if (offset + page.received === bound) lastFull = page.received >= step;
      }
    };
    // Settle every worker before going on, so that no request of this walk outlives it.
    const run = async () => {
      const outcomes = await Promise.allSettled(Array.from({ length: concurrency }, worker));
      const failure = outcomes.find(
        (o): o is PromiseRejectedResult => o.status === 'rejected' && !(o.reason instanceof ListingMoved),
      );
      if (failure) throw failure.reason;
      // Workers stop when nothing is queued; a short page may have queued a rest after they stopped.
      if (!moved && (rests.length > 0 || predicted < end)) await run();
    };
    await run();
    if (moved) continue;

    // A full page at the end may hide more than totalCount says (a capped count): look once past it.
    if (lastFull && totalCount <= maxItems && problems.length === 0) {
      const probe = await fetch(bound, step);
      const before = ids.size + anonymous;
      const items = take(probe);
      await options.onPage?.(items, { pagesDone: pagesDone + 1, pagesTotal: pagesDone + 1 }, probe);
      if (ids.size + anonymous > before)
        problems.push(`the service lists more records than the ${totalCount} it counts`);
    }
    const seen = ids.size + anonymous;
    if (seen > totalCount) problems.push(`the service lists more records than the ${totalCount} it counts`);
    // Same count, other ids: rows shifted between pages (one added before, one removed), so some were skipped.
    if (problems.length === 0 && seen !== totalCount && !settle) continue;
    if (problems.length === 0 && seen !== totalCount)
      problems.push(
        `the listing kept changing while it was read: ${seen} of the ${totalCount} records it counts were seen`,
      );
    return {
      ids,
      totalCount,
      pages,
      restarts,
      complete: problems.length === 0,
      problems: [...new Set(problems)],
      pageSize: step,
    };
  }
}
