/**
 * Walks an offset-paged listing: the first page gives totalCount, the rest
 * are fetched concurrently (bounded), items are de-duplicated by id, and the
 * walk starts again when totalCount changes under it.
 */
export interface Page<T> {
  items: T[];
  totalCount: number;
}

export interface WalkOptions<T> {
  pageSize: number;
  fetchPage: (offset: number, limit: number, signal?: AbortSignal) => Promise<Page<T>>;
  idOf: (item: T) => string | number;
  /** Receives each page's new items as soon as they arrive (pages may arrive out of order), and the page as fetched. */
  onPage?: (items: T[], progress: { pagesDone: number; pagesTotal: number }, page: Page<T>) => void;
  /** Pages in flight at once; default 4. */
  concurrency?: number;
  /** Walks started again because totalCount moved, before settling for what was seen. */
  maxRestarts?: number;
  signal?: AbortSignal | undefined;
}

export interface WalkResult {
  /** Ids seen in the last walk. */
  ids: Set<string | number>;
  totalCount: number;
  pages: number;
  restarts: number;
  /** False when the listing kept changing: then `ids` may miss items, so nothing may be deleted on its strength. */
  complete: boolean;
}

class ListingMoved extends Error {}

export async function walkPages<T>(options: WalkOptions<T>): Promise<WalkResult> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxRestarts = options.maxRestarts ?? 3;
  let pages = 0;
  for (let restarts = 0; ; restarts++) {
    const ids = new Set<string | number>();
    const take = (items: T[]) => {
      const fresh: T[] = [];
      for (const item of items) {
        const id = options.idOf(item);
        if (!ids.has(id)) {
          ids.add(id);
          fresh.push(item);
        }
      }
      return fresh;
    };
    const first = await options.fetchPage(0, options.pageSize, options.signal);
    pages++;
    const totalCount = first.totalCount;
    const offsets: number[] = [];
    for (let offset = options.pageSize; offset < totalCount; offset += options.pageSize) offsets.push(offset);
    const pagesTotal = offsets.length + 1;
    let pagesDone = 1;
    const firstItems = take(first.items);
    options.onPage?.(firstItems, { pagesDone, pagesTotal }, first);

    const settle = restarts >= maxRestarts;
    let moved = false;
    let next = 0;
    const worker = async () => {
      while (next < offsets.length && !moved) {
        const offset = offsets[next++]!;
        const page = await options.fetchPage(offset, options.pageSize, options.signal);
        pages++;
        if (moved) return;
        if (page.totalCount !== totalCount && !settle) {
          moved = true;
          throw new ListingMoved();
        }
        pagesDone++;
        const items = take(page.items);
        options.onPage?.(items, { pagesDone, pagesTotal }, page);
      }
    };
    // Settle every worker before going on, so that no request of this walk outlives it.
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, offsets.length) }, worker));
    const failure = outcomes.find(
      (o): o is PromiseRejectedResult => o.status === 'rejected' && !(o.reason instanceof ListingMoved),
    );
    if (failure) throw failure.reason;
    if (moved) continue;
    // Same count, fewer ids: rows shifted between pages (one added before, one removed), so some were skipped.
    if (ids.size !== totalCount && !settle) continue;
    return { ids, totalCount, pages, restarts, complete: ids.size === totalCount };
  }
}
