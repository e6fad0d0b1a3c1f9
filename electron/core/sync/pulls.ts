/**
 * The pull steps. Each page is applied in one synchronous transaction as it
 * arrives; rows are removed only after a complete listing, and watermarks
 * advance only after a successful pull, so a failed pull removes nothing and
 * is simply done again.
 */
import {
  type AccessProfileGroup,
  type CheckIn,
  type Employee,
  LIMITS,
  type ReceptionInvitation,
} from '../../../shared/api/index.ts';
import type { ApiClient, CallOptions, RejectedRecord } from '../api/client.ts';
import { type Page, walkPages, type WalkResult } from '../api/pager.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import { utc } from '../db/repos/util.ts';
import { type CheckInListing, keepTail, keptMeta, keepWalk, lowerBound, restoreListing } from './check-in-listing.ts';
import type { Resource, SyncWarning } from './status.ts';
import { DAY, iso, localMidnight } from '../../../shared/time.ts';

export interface PullContext {
  mirror: Mirror;
  api: ApiClient;
  config: Config;
  now: () => number;
  signal?: AbortSignal | undefined;
  onProgress?: (progress: { pagesDone: number; pagesTotal: number }) => void;
  /** Pages in flight at once. */
  concurrency?: number;
  /**
   * The pages of the listings refreshed in full as this process last applied
   * them, kept by the engine between pulls (see refreshInFull).
   */
  listings?: ListingMemo;
  /** The check-ins listing as last read, kept by the engine between passes (see pullCheckIns). */
  checkInListings?: Map<string, CheckInListing>;
}

export type { CheckInListing };

/** Per resource (its sync_state key), per offset: the hash of the page's text and the answer as parsed. */
export type ListingMemo = Map<string, Map<number, { hash: string; answer: unknown }>>;

export interface PullResult {
  /** Rows received. */
  received: number;
  pages: number;
  /** Rows removed by reconciliation. */
  removed: number;
  complete: boolean;
  /** What this pull skipped, could not complete or held back (shown in the status). */
  warnings: SyncWarning[];
}

/**
 * The invitations a mirror holds: those whose event overlaps the whole local
 * days from `windowDaysBack` days ago (the desk shows a day at a time:
 * yesterday is all of yesterday, in the evening too) to `windowDaysAhead`
 * days from now.
 */
export function syncWindow(config: Config, now: number) {
  return { from: iso(localMidnight(now, config.windowDaysBack)), to: iso(now + config.windowDaysAhead * DAY) };
}

// ---------------------------------------------------------------- warnings and held removals

/** Set-aside records named one by one in the status; the rest are counted. */
const NAMED_REJECTS = 10;

function warn(warnings: SyncWarning[], ctx: PullContext, kind: SyncWarning['kind'], message: string) {
  warnings.push({ kind, message, at: iso(ctx.now()) });
}

function reportRejected(warnings: SyncWarning[], ctx: PullContext, what: string, rejected: readonly RejectedRecord[]) {
  for (const r of rejected.slice(0, NAMED_REJECTS))
    warn(warnings, ctx, 'skipped', `${what} ${r.id ?? '(no id)'} skipped: ${r.problem}`);
  if (rejected.length > NAMED_REJECTS)
    warn(warnings, ctx, 'skipped', `and ${rejected.length - NAMED_REJECTS} more ${what} records skipped`);
}

function reportIncomplete(warnings: SyncWarning[], ctx: PullContext, result: WalkResult) {
  if (!result.complete)
    warn(
      warnings,
      ctx,
      'incomplete',
      `the listing is incomplete, so nothing was removed: ${result.problems.join('; ')}`,
    );
}

/**
 * A listing that suddenly shows this much less (at least SHRINK_MIN rows
 * and more than SHRINK_SHARE of them) is not believed on one answer.
 */
const SHRINK_MIN = 10;
const SHRINK_SHARE = 0.25;

interface Unseen {
  id: string | number;
  /** Its removal would drop a guest who is on site. */
  guarded: boolean;
}

/**
 * Removes what a complete listing no longer shows, except what must not go
 * on one odd answer: a guest on site, or anything when the listing suddenly
 * shrank. Those removals are held (kept in sync_state) until the next
 * complete listing agrees. Call inside the pull's transaction.
 */
function removeConfirmed(
  ctx: PullContext,
  spec: { resource: string; unseen: Unseen[]; size: number; remove: (ids: (string | number)[]) => number },
  warnings: SyncWarning[],
): number {
  const { syncState } = ctx.mirror;
  const before = new Set(syncState.held(spec.resource).map(String));
  const shrank = spec.unseen.length >= SHRINK_MIN && spec.unseen.length > spec.size * SHRINK_SHARE;
  const now: (string | number)[] = [];
  const held: (string | number)[] = [];
  for (const u of spec.unseen)
    if ((shrank || u.guarded) && !before.has(String(u.id))) held.push(u.id);
    else now.push(u.id);
  if (held.length > 0 || before.size > 0) syncState.setHeld(spec.resource, held);
  if (held.length > 0)
    warn(
      warnings,
      ctx,
      'held',
      `${held.length} record(s) the service no longer lists are kept until the next listing confirms it ` +
        `(${shrank ? `the listing shrank by ${spec.unseen.length} of ${spec.size}` : 'guests on site'}): ` +
        `${held.slice(0, 10).join(', ')}${held.length > 10 ? ', …' : ''}`,
    );
  return now.length > 0 ? spec.remove(now) : 0;
}

/**
 * Records are applied as pages arrive, in transactions sized by time, not by
 * count: each is kept near TRANSACTION_MS (its size adjusts to what the last
 * one cost per row), and the event loop is let go between two, so that a
 * check-in tapped at the kiosk during a long sync commits within a few
 * milliseconds. What a row costs differs a lot: into an empty mirror (the
 * lookup index built at the end) a few microseconds, into a full one, with
 * the lookup index maintained row by row, a hundred times more.
 */
const TRANSACTION_MS = 8;
const MIN_ROWS = 10;
const MAX_ROWS = 500;
/**
 * Rows received and not yet applied, at most (then the walk waits): the
 * service answers faster than rows are written, and without a bound a
 * first sync held most of the listing in memory as parsed objects.
 */
const BUFFERED_ROWS = 2_000;

function batcher<T>(mirror: Mirror, apply: (items: T[]) => void) {
  let buffer: T[] = [];
  let rows = 50;
  let draining: Promise<void> | null = null;
  let failure: unknown;
  // Walkers waiting for room in the buffer.
  let waiting: (() => void)[] = [];
  const letWaitingOn = () => {
    if (buffer.length >= BUFFERED_ROWS) return;
    const ready = waiting;
    waiting = [];
    for (const resolve of ready) resolve();
  };
  const step = () => {
    const items = buffer.length > rows ? buffer.splice(0, rows) : buffer.splice(0);
    const t0 = performance.now();
    mirror.transaction(() => apply(items));
    const perRow = (performance.now() - t0) / Math.max(1, items.length);
    rows = Math.max(MIN_ROWS, Math.min(MAX_ROWS, Math.round(TRANSACTION_MS / Math.max(perRow, 1e-3))));
  };
  // One transaction per turn of the event loop, until nothing is left.
  const drainLoop = async () => {
    try {
      while (buffer.length > 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (buffer.length > 0) step();
        letWaitingOn();
      }
    } catch (error) {
      failure = error;
      buffer = [];
      letWaitingOn();
    }
  };
  return {
    /** Takes a page's rows; resolves when there is room for more (the walk waits for it). */
    add(items: T[]): Promise<void> | undefined {
      for (const item of items) buffer.push(item);
      if (!draining && buffer.length > 0) draining = drainLoop().finally(() => (draining = null));
      return buffer.length < BUFFERED_ROWS ? undefined : new Promise((resolve) => waiting.push(resolve));
    },
    /** Resolves when everything added is applied; rethrows a failure to apply. */
    async drain(): Promise<void> {
      while (draining) await draining;
      if (failure !== undefined) throw failure;
    },
    /** Applies what is left at once: call inside the pull's last transaction, after drain(). */
    flush(): void {
      if (buffer.length > 0) apply(buffer.splice(0));
    },
  };
}

/** The sync_state row of a resource: per location or company, so that changing them starts afresh. */
export function stateKey(resource: Resource, config: Config): string {
  switch (resource) {
    case 'invitations':
      return `invitations:${config.locationId}`;
    case 'checkIns':
      return `checkIns:${config.locationId}`;
    case 'employees':
      return `employees:${config.companyId}`;
    case 'groups':
      return 'groups';
  }
}

/**
 * Invitations of the location in the window. `incremental` asks only for
 * what changed since the watermark; `full` lists everything and removes what
 * the service no longer lists (deleted, drafts, moved away).
 */
export async function pullInvitations(ctx: PullContext, mode: 'incremental' | 'full'): Promise<PullResult> {
  const { mirror, api, config } = ctx;
  const now = ctx.now();
  const window = syncWindow(config, now);
  const resource = stateKey('invitations', config);
  const state = mirror.syncState.get(resource);
  const incremental = mode === 'incremental' && Boolean(state?.watermark);
  const updatedSince = incremental
    ? iso(Date.parse(state!.watermark!) - config.watermarkMarginSeconds * 1000)
    : undefined;
  let newest = state?.watermark ?? null;
  // Into an empty mirror (the first sync of a site), the indexes are made once at the end (bulk-load.ts):
  // maintaining them row by row is most of the cost of a large first sync.
  const bulk = !incremental && mirror.invitations.count() === 0;
  if (bulk) mirror.bulkLoad.begin();
  let received = 0;
  const warnings: SyncWarning[] = [];
  const rejected: RejectedRecord[] = [];

  const pages = batcher<ReceptionInvitation>(mirror, (items) => mirror.invitations.upsertMany(items));
  try {
    const result = await walkPages<ReceptionInvitation>({
      pageSize: LIMITS.invitations.maxLimit,
      concurrency: ctx.concurrency ?? 4,
      signal: ctx.signal,
      idOf: (invitation) => invitation.id,
      fetchPage: async (offset, limit, signal) => {
        const page = await api.call(
          'listInvitations',
          {
            params: { locationId: config.locationId },
            query: { endsAfter: window.from, beginsBefore: window.to, updatedSince, limit, offset },
          },
          { signal },
        );
        rejected.push(...page.rejected);
        return listingPage(page.invitations, page);
      },
      onPage: (items, progress) => {
        for (const item of items) {
          const updatedAt = utc(item.updatedAt);
          if (newest === null || updatedAt > newest) newest = updatedAt;
        }
        received += items.length;
        ctx.onProgress?.(progress);
        return pages.add(items);
      },
    });
    await pages.drain();
    reportRejected(warnings, ctx, 'invitation', rejected);
    reportIncomplete(warnings, ctx, result);

    let removed = 0;
    const at = iso(ctx.now());
    mirror.transaction(() => {
      pages.flush();
      if (!incremental && result.complete) {
        const where = { locationId: config.locationId, ...window };
        const seen = JSON.stringify([...result.ids]);
        const onSite = new Set(mirror.checkIns.idsInStates(config.locationId, config.flow.onsite));
        removed = removeConfirmed(
          ctx,
          {
            resource,
            unseen: mirror.invitations.unseenIds(where, seen).map((id) => ({ id, guarded: onSite.has(id) })),
            size: mirror.invitations.countInWindow(where),
            remove: (ids) => mirror.invitations.removeIds(ids),
          },
          warnings,
        );
        mirror.invitations.removeOrphans();
      }
      // A pull that did not see the whole listing must not move the watermark past what it missed.
      if (result.complete) mirror.syncState.recordSuccess(resource, at, { watermark: newest, full: !incremental });
    });
    return { received, pages: result.pages, removed, complete: result.complete, warnings };
  } finally {
    // Nothing of this pull is applied after it ended, and the indexes are made after the last row.
    await pages.drain().catch(() => {});
    if (bulk) await mirror.bulkLoad.finish();
  }
}

/** A listing answer as the pager takes it: paging by what came back, set-aside records counted as seen. */
function listingPage<T>(
  items: T[],
  answer: { received: number; rejected: RejectedRecord[]; pageInfo: { totalCount: number } },
): Page<T> {
  return {
    items,
    received: answer.received,
    totalCount: answer.pageInfo.totalCount,
    rejectedIds: answer.rejected.map((r) => r.id),
  };
}

interface FullSpec<T, A> {
  resource: string;
  /** What one record is called in warnings. */
  what: string;
  pageSize: number;
  idOf: (item: T) => string | number;
  /** One page: `answer` is the parsed answer the items come from. */
  fetch: (
    offset: number,
    limit: number,
    options: CallOptions,
  ) => Promise<{ answer: A; items: T[]; page: Page<T>; rejected: RejectedRecord[] }>;
  apply: (items: T[]) => void;
  /**
   * Removal after a complete listing: either held where it would drop a guest
   * (`unseen`: the rows it did not show, of how many; `remove`), or at once
   * (`removeUnseen`, for reference data). `seen` is a JSON array of ids.
   */
  removal:
    | { unseen: (seen: string) => { unseen: Unseen[]; size: number }; remove: (ids: (string | number)[]) => number }
    | { removeUnseen: (seen: string) => number };
}

/**
 * A listing refreshed in full: every page upserted, then, when the listing
 * was complete, the rows it did not show removed (see removeConfirmed). A
 * listing pulled every 30 seconds is mostly what it was: a page whose text
 * is the same as when this process last applied it (ctx.listings) is
 * neither parsed nor written again. What was applied is remembered only
 * once the pull has committed it.
 */
async function refreshInFull<T, A>(ctx: PullContext, spec: FullSpec<T, A>): Promise<PullResult & { walk: WalkResult }> {
  let received = 0;
  const warnings: SyncWarning[] = [];
  const rejected = new Map<number, RejectedRecord[]>();
  const pages = batcher<T>(ctx.mirror, spec.apply);
  const memo = ctx.listings;
  const known = memo?.get(spec.resource);
  const applied = new Map<number, { hash: string; answer: unknown }>();
  type Fetched = Page<T> & { offset: number; hash?: string; answer: A; unchanged: boolean };
  // Until this pull has committed, the pages it applied may differ from what was remembered:
  // a failed pull leaves nothing remembered, so the next one applies every page.
  memo?.delete(spec.resource);
  const result = await walkPages<T>({
    pageSize: spec.pageSize,
    concurrency: ctx.concurrency ?? 4,
    signal: ctx.signal,
    idOf: spec.idOf,
    fetchPage: async (offset, limit, signal): Promise<Fetched> => {
      const previous = known?.get(offset);
      let hash: string | undefined;
      const fetched = await spec.fetch(offset, limit, {
        signal,
        ...(memo ? { previous, onHash: (h: string) => (hash = h) } : {}),
      });
      rejected.set(offset, fetched.rejected);
      const unchanged = previous !== undefined && fetched.answer === previous.answer;
      return { ...fetched.page, offset, hash, answer: fetched.answer, unchanged };
    },
    onPage: (items, progress, page) => {
      const fetched = page as Fetched;
      if (fetched.hash !== undefined) applied.set(fetched.offset, { hash: fetched.hash, answer: fetched.answer });
      received += items.length;
      ctx.onProgress?.(progress);
      return fetched.unchanged ? undefined : pages.add(items);
    },
  });
  await pages.drain();
  reportRejected(warnings, ctx, spec.what, [...rejected.values()].flat());
  reportIncomplete(warnings, ctx, result);
  let removed = 0;
  ctx.mirror.transaction(() => {
    pages.flush();
    if (result.complete) {
      const seen = JSON.stringify([...result.ids]);
      const { removal } = spec;
      if ('removeUnseen' in removal) removed = removal.removeUnseen(seen);
      else
        removed = removeConfirmed(
          ctx,
          { resource: spec.resource, ...removal.unseen(seen), remove: removal.remove },
          warnings,
        );
    }
    ctx.mirror.syncState.recordSuccess(spec.resource, iso(ctx.now()), { full: result.complete });
  });
  // Only a complete listing is remembered: a page of a listing that moved under the walk is no base.
  if (memo) memo.set(spec.resource, result.complete && result.restarts === 0 ? applied : new Map());
  return { received, pages: result.pages, removed, complete: result.complete, warnings, walk: result };
}

// ---------------------------------------------------------------- check-ins

/** Check-in requests a pass may make when nothing changed: the recent part, and two pages of older guests on site. */
export const CHECK_IN_PASS_REQUESTS = 3;

/**
 * Records per page a bounded pass asks for: enough for a day's check-ins at
 * the recent end, and small enough that a pass stays a few milliseconds of
 * the service's time and ours.
 */
const PASS_PAGE = 200;

/** Why a bounded pass cannot trust what it read; the pass then reads the whole listing. */
class ListingChanged extends Error {}

function checkInsSpec(ctx: PullContext): FullSpec<CheckIn, unknown> {
  const { mirror, api, config } = ctx;
  const retainAfter = iso(ctx.now() - config.retentionDays * DAY);
  const onsite = new Set(config.flow.onsite);
  return {
    resource: stateKey('checkIns', config),
    what: 'check-in',
    pageSize: LIMITS.checkIns.maxLimit,
    idOf: (checkIn) => checkIn.id,
    fetch: async (offset, limit, options) => {
      const answer = await api.call(
        'listCheckIns',
        { params: { locationId: config.locationId }, query: { limit, offset } },
        options,
      );
      return { answer, items: answer.checkIns, page: listingPage(answer.checkIns, answer), rejected: answer.rejected };
    },
    // Past the retention period, personal data of guests who left is not kept on the lobby machine.
    apply: (items) =>
      mirror.checkIns.upsertMany(
        items.filter((c) => (utc(c.leftAt) ?? retainAfter) >= retainAfter),
        config.locationId,
      ),
    removal: {
      unseen: (seen) => ({
        unseen: mirror.checkIns
          .unseen(config.locationId, seen)
          .map((row) => ({ id: row.id, guarded: onsite.has(row.state) })),
        size: mirror.checkIns.countAt(config.locationId),
      }),
      remove: (ids) => mirror.checkIns.removeIds(ids),
    },
  };
}

/**
 * Check-ins of the location. The listing has no change filter, only
 * offset paging in id order and a totalCount, and a site's history grows
 * without end; so a pass reads the whole listing only every full interval
 * (and at start), and in between reads its recent end (one page, where new
 * check-ins and changes to recent ones are) plus up to two pages around
 * guests still on site from earlier. Each page read is checked against the
 * ids known at its offset: any difference below what was read (a check-in
 * added or undone further back) makes the pass read the whole listing at
 * once. docs/data.md "How check-in pulls stay bounded" gives the reasoning.
 */
export async function pullCheckIns(ctx: PullContext, mode: 'pass' | 'full' = 'pass'): Promise<PullResult> {
  const spec = checkInsSpec(ctx);
  const listings = ctx.checkInListings;
  // Kept by the engine between passes, and in the mirror from one process to the next.
  const known = listings ? (listings.get(spec.resource) ?? restoreListing(ctx.mirror, spec.resource)) : undefined;
  if (known) listings!.set(spec.resource, known);
  const state = ctx.mirror.syncState.get(spec.resource);
  const fullDue =
    mode === 'full' ||
    !known ||
    !state?.lastFullAt ||
    ctx.now() - Date.parse(state.lastFullAt) >= ctx.config.intervals.fullSeconds * 1000;
  if (!fullDue) {
    try {
      if ('remove' in spec.removal) return await recentPass(ctx, spec, spec.removal.remove, known, state.lastFullAt!);
    } catch (error) {
      if (!(error instanceof ListingChanged)) throw error;
    }
  }
  const full = await refreshInFull(ctx, spec);
  if (listings) {
    const kept = keepWalk(ctx.mirror, spec.resource, { ...full.walk, complete: full.complete });
    if (kept) listings.set(spec.resource, kept);
    else listings.delete(spec.resource);
  }
  return full;
}

async function recentPass(
  ctx: PullContext,
  spec: FullSpec<CheckIn, unknown>,
  remove: (ids: (string | number)[]) => number,
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
        remove,
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

// ---------------------------------------------------------------- reference data

export function pullGroups(ctx: PullContext): Promise<PullResult> {
  const { mirror, api } = ctx;
  return refreshInFull(ctx, {
    resource: 'groups',
    what: 'access profile group',
    pageSize: LIMITS.accessProfileGroups.maxLimit,
    idOf: (group: AccessProfileGroup) => group.sourceId,
    fetch: async (offset, limit, options) => {
      const answer = await api.call('listAccessProfileGroups', { query: { limit, offset } }, options);
      return { answer, items: answer.groups, page: listingPage(answer.groups, answer), rejected: answer.rejected };
    },
    apply: (items) => mirror.groups.upsertMany(items),
    removal: { removeUnseen: (seen) => mirror.groups.removeUnseen(seen) },
  });
}

export function pullEmployees(ctx: PullContext): Promise<PullResult> {
  const { mirror, api, config } = ctx;
  return refreshInFull(ctx, {
    resource: stateKey('employees', config),
    what: 'employee',
    pageSize: LIMITS.employees.maxLimit,
    idOf: (employee: Employee) => employee.id,
    fetch: async (offset, limit, options) => {
      const answer = await api.call(
        'listEmployees',
        { params: { companyId: config.companyId }, query: { limit, offset } },
        options,
      );
      return {
        answer,
        items: answer.employees,
        page: listingPage(answer.employees, answer),
        rejected: answer.rejected,
      };
    },
    apply: (items) => mirror.employees.upsertMany(items),
    removal: { removeUnseen: (seen) => mirror.employees.removeUnseen(seen) },
  });
}

/** Drops invitations and check-ins older than the retention period. */
export function purgeExpired(mirror: Mirror, config: Config, now: number) {
  return mirror.transaction(() => {
    const purged = mirror.invitations.purgeBefore(iso(now - config.retentionDays * DAY));
    mirror.invitations.removeOrphans();
    return purged;
  });
}
