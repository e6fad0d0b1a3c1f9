/**
 * walkPages with fake listings: page counts, de-duplication by id, restarts
 * when totalCount moves, settling for an incomplete walk, errors.
 */
import { describe, expect, it } from 'vitest';
import { type Page, walkPages } from '../../../electron/core/api/pager.ts';

interface Item {
  id: number;
}

const range = (from: number, to: number): Item[] => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));

/** A listing whose content may change per request: `listing(n)` is what request n (0-based) sees. */
function fakeListing(listing: (request: number) => Item[]) {
  const calls: { offset: number; limit: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  return {
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
    get inFlight() {
      return inFlight;
    },
    fetchPage: async (offset: number, limit: number): Promise<Page<Item>> => {
      const items = listing(calls.length);
      calls.push({ offset, limit });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return { items: items.slice(offset, offset + limit), totalCount: items.length };
    },
  };
}

function collect() {
  const seen: number[] = [];
  return { seen, onPage: (items: Item[]) => void seen.push(...items.map((i) => i.id)) };
}

describe('walkPages', () => {
  it("waits for a slow reader: a worker asks for its next page only once onPage's promise settled", async () => {
    const listing = fakeListing(() => range(1, 500));
    let held = 0;
    let mostHeld = 0;
    const result = await walkPages({
      pageSize: 50,
      fetchPage: listing.fetchPage,
      idOf: (i) => i.id,
      concurrency: 4,
      onPage: async (items) => {
        held += items.length;
        mostHeld = Math.max(mostHeld, held);
        // A reader that takes five turns of the event loop per page, while the listing answers in one.
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        held -= items.length;
      },
    });
    expect(result).toMatchObject({ totalCount: 500, complete: true });
    expect(result.ids.size).toBe(500);
    // At most one page per worker held at once: 4 x 50, never the whole listing.
    expect(mostHeld).toBeLessThanOrEqual(200);
  });

  it('walks every page of a stable listing once, with bounded concurrency', async () => {
    const listing = fakeListing(() => range(1, 120));
    const { seen, onPage } = collect();
    const progress: number[] = [];
    const result = await walkPages({
      pageSize: 50,
      fetchPage: listing.fetchPage,
      idOf: (i) => i.id,
      onPage: (items, p) => {
        onPage(items);
        progress.push(p.pagesTotal);
      },
      concurrency: 2,
    });
    expect(result).toMatchObject({ totalCount: 120, pages: 3, restarts: 0, complete: true });
    expect(result.ids.size).toBe(120);
    expect(listing.calls.map((c) => c.offset).sort((a, b) => a - b)).toEqual([0, 50, 100]);
    expect(listing.calls.every((c) => c.limit === 50)).toBe(true);
    expect(seen.sort((a, b) => a - b)).toEqual(range(1, 120).map((i) => i.id));
    expect(progress).toEqual([3, 3, 3]);
    expect(listing.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('walks an empty listing with one request', async () => {
    const listing = fakeListing(() => []);
    const result = await walkPages({ pageSize: 50, fetchPage: listing.fetchPage, idOf: (i: Item) => i.id });
    expect(result).toMatchObject({ totalCount: 0, pages: 1, complete: true });
    expect(listing.calls).toHaveLength(1);
  });

  it('passes each id on once when pages overlap', async () => {
    // A service that repeats the last item of each page at the start of the next.
    const fetchPage = async (offset: number, limit: number): Promise<Page<Item>> => ({
      items: range(Math.max(1, offset), Math.min(100, offset + limit)),
      totalCount: 100,
    });
    const { seen, onPage } = collect();
    const result = await walkPages({ pageSize: 25, fetchPage, idOf: (i) => i.id, onPage, concurrency: 1 });
    expect(seen).toEqual(range(1, 100).map((i) => i.id));
    expect(result.ids.size).toBe(100);
    expect(result.pages).toBe(4);
  });

  it('starts again when totalCount changes after the first pages, and ends complete', async () => {
    // Requests 0-1 see 120 items; from request 2 (the third page) on, 5 more were added at the start.
    const listing = fakeListing((n) => (n < 2 ? range(1, 120) : [...range(1001, 1005), ...range(1, 120)]));
    const { seen, onPage } = collect();
    const result = await walkPages({
      pageSize: 50,
      fetchPage: listing.fetchPage,
      idOf: (i) => i.id,
      onPage,
      concurrency: 1,
    });
    expect(result.restarts).toBe(1);
    expect(result.complete).toBe(true);
    expect(result.totalCount).toBe(125);
    expect([...result.ids].map(Number).sort((a, b) => a - b)).toEqual(
      [...range(1, 120), ...range(1001, 1005)].map((i) => i.id),
    );
    expect(new Set(seen).size).toBe(125);
    // The second walk began at offset 0 again.
    expect(listing.calls.map((c) => c.offset)).toEqual([0, 50, 100, 0, 50, 100]);
  });

  it('settles with complete: false after maxRestarts when the listing never stops changing', async () => {
    // Every request reports one more item than the one before (added behind the pages read),
    // so the walk never sees as many items as the first page promised.
    let requests = 0;
    const fetchPage = async (offset: number, limit: number): Promise<Page<Item>> => ({
      items: range(1, 100).slice(offset, offset + limit),
      totalCount: 101 + requests++,
    });
    const result = await walkPages({
      pageSize: 50,
      fetchPage,
      idOf: (i) => i.id,
      onPage: () => {},
      maxRestarts: 2,
      concurrency: 1,
    });
    expect(result.restarts).toBe(2);
    expect(result.complete).toBe(false);
    expect(result.ids.size).toBeLessThan(result.totalCount);
  });

  it('does not report a walk as complete when a shifted page repeats ids (totalCount unchanged)', async () => {
    // After the first page, item 90 moves to the front (its event now starts earliest):
    // totalCount stays 100, the second page repeats one item, and item 90 is never seen.
    const moved = [{ id: 90 }, ...range(1, 89), ...range(91, 100)];
    const listing = fakeListing((n) => (n === 0 ? range(1, 100) : moved));
    const result = await walkPages({
      pageSize: 50,
      fetchPage: listing.fetchPage,
      idOf: (i) => i.id,
      onPage: () => {},
      concurrency: 1,
    });
    // Either the walk noticed and started again (then it saw 90), or it must not claim completeness.
    expect(result.complete && !result.ids.has(90)).toBe(false);
  });

  it('fails with the error of a page, after every request of the walk has settled', async () => {
    let inFlight = 0;
    const fetchPage = async (offset: number, limit: number): Promise<Page<Item>> => {
      inFlight++;
      await new Promise((resolve) => setTimeout(resolve, offset === 100 ? 1 : 20));
      inFlight--;
      if (offset === 100) throw new Error('page 3 failed');
      return { items: range(offset + 1, offset + limit), totalCount: 300 };
    };
    await expect(walkPages({ pageSize: 50, fetchPage, idOf: (i) => i.id, concurrency: 4 })).rejects.toThrow(
      'page 3 failed',
    );
    expect(inFlight).toBe(0);
  });

  it('passes the signal to every page', async () => {
    const controller = new AbortController();
    const signals: (AbortSignal | undefined)[] = [];
    await walkPages({
      pageSize: 10,
      fetchPage: async (offset, limit, signal) => {
        signals.push(signal);
        return { items: range(offset + 1, Math.min(25, offset + limit)), totalCount: 25 };
      },
      idOf: (i) => i.id,
      onPage: () => {},
      signal: controller.signal,
    });
    expect(signals).toHaveLength(3);
    expect(signals.every((s) => s === controller.signal)).toBe(true);
  });

  it('collects the ids and reports completeness also without onPage', async () => {
    const listing = fakeListing(() => range(1, 25));
    const result = await walkPages({ pageSize: 10, fetchPage: listing.fetchPage, idOf: (i: Item) => i.id });
    expect(result).toMatchObject({ totalCount: 25, restarts: 0, complete: true });
    expect(result.ids.size).toBe(25);
    expect(listing.calls).toHaveLength(3);
  });
});
