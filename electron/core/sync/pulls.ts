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
import type { ApiClient, CallOptions } from '../api/client.ts';
import { type Page, walkPages } from '../api/pager.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import { utc } from '../db/repos/util.ts';
import type { Resource, SyncWarning } from './status.ts';

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
}

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

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

export function syncWindow(config: Config, now: number) {
  return { from: iso(now - config.windowDaysBack * DAY), to: iso(now + config.windowDaysAhead * DAY) };
}

/**
 * Pages are applied as they arrive, a few at a time: each group of pages is
 * one synchronous transaction (never half a page), and short enough (a few
 * ms) that a check-in at the desk never waits behind it.
 */
const PAGES_PER_TRANSACTION = 10;

function batcher<T>(mirror: Mirror, apply: (items: T[]) => void, pageSize: number) {
  let buffer: T[] = [];
  const flush = () => {
    if (buffer.length === 0) return;
    const items = buffer;
    buffer = [];
    mirror.transaction(() => apply(items));
  };
  return {
    add(items: T[]) {
      buffer.push(...items);
      if (buffer.length >= PAGES_PER_TRANSACTION * pageSize) flush();
    },
    flush,
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
  // Into an empty mirror (the first sync of a site), the lookup index is built once at the end:
  // maintaining it row by row is most of the cost of a large first sync.
  const bulk = !incremental && mirror.invitations.count.get() === 0;
  if (bulk) mirror.lookupIndex.defer();
  let received = 0;

  const pages = batcher<ReceptionInvitation>(
    mirror,
    (items) => mirror.invitations.upsertMany(items),
    LIMITS.invitations.maxLimit,
  );
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
        return { items: page.invitations, totalCount: page.pageInfo.totalCount };
      },
      onPage: (items, progress) => {
        pages.add(items);
        for (const item of items) {
          const updatedAt = utc(item.updatedAt);
          if (newest === null || updatedAt > newest) newest = updatedAt;
        }
        received += items.length;
        ctx.onProgress?.(progress);
      },
    });

    let removed = 0;
    const at = iso(ctx.now());
    mirror.transaction(() => {
      pages.flush();
      if (!incremental && result.complete) {
        removed = mirror.invitations.removeUnseen.run({
          locationId: config.locationId,
          ...window,
          seen: JSON.stringify([...result.ids]),
        }).changes;
        mirror.invitations.removeOrphans();
      }
      // A full pull that settled for an incomplete listing must not move the watermark past what it missed.
      if (result.complete) mirror.syncState.recordSuccess(resource, at, { watermark: newest, full: !incremental });
    });
    return { received, pages: result.pages, removed, complete: result.complete, warnings: [] };
  } finally {
    if (bulk) mirror.lookupIndex.restore();
  }
}

/**
 * A listing refreshed in full: every page upserted, then, when the listing
 * was complete, the rows it did not show removed. A listing pulled every 30
 * seconds is mostly what it was: a page whose text is the same as when this
 * process last applied it (ctx.listings) is neither parsed nor written again.
 * What was applied is remembered only once the pull has committed it.
 */
async function refreshInFull<T, A>(
  ctx: PullContext,
  spec: {
    resource: string;
    pageSize: number;
    idOf: (item: T) => string | number;
    /** One page: `answer` is the parsed answer the items come from. */
    fetch: (offset: number, limit: number, options: CallOptions) => Promise<{ answer: A; items: T[]; totalCount: number }>;
    apply: (items: T[]) => void;
    /** Removes the rows whose ids a complete listing did not show (`seen`: a JSON array of ids). */
    removeUnseen: (seen: string) => number;
  },
): Promise<PullResult> {
  let received = 0;
  const pages = batcher<T>(ctx.mirror, spec.apply, spec.pageSize);
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
      const page = await spec.fetch(offset, limit, {
        signal,
        ...(memo ? { previous, onHash: (h: string) => (hash = h) } : {}),
      });
      return { ...page, offset, hash, unchanged: previous !== undefined && page.answer === previous.answer };
    },
    onPage: (items, progress, page) => {
      const fetched = page as Fetched;
      if (!fetched.unchanged) pages.add(items);
      if (fetched.hash !== undefined) applied.set(fetched.offset, { hash: fetched.hash, answer: fetched.answer });
      received += items.length;
      ctx.onProgress?.(progress);
    },
  });
  let removed = 0;
  ctx.mirror.transaction(() => {
    pages.flush();
    if (result.complete) removed = spec.removeUnseen(JSON.stringify([...result.ids]));
    ctx.mirror.syncState.recordSuccess(spec.resource, iso(ctx.now()), { full: result.complete });
  });
  // Only a complete listing is remembered: a page of a listing that moved under the walk is no base.
  if (memo) memo.set(spec.resource, result.complete && result.restarts === 0 ? applied : new Map());
  return { received, pages: result.pages, removed, complete: result.complete, warnings: [] };
}

/** Check-ins of the location, in full: those no longer listed (undone) are removed. */
export function pullCheckIns(ctx: PullContext): Promise<PullResult> {
  const { mirror, api, config } = ctx;
  const retainAfter = iso(ctx.now() - config.retentionDays * DAY);
  return refreshInFull(ctx, {
    resource: stateKey('checkIns', config),
    pageSize: LIMITS.checkIns.maxLimit,
    idOf: (checkIn: CheckIn) => checkIn.id,
    fetch: async (offset, limit, options) => {
      const answer = await api.call(
        'listCheckIns',
        { params: { locationId: config.locationId }, query: { limit, offset } },
        options,
      );
      return { answer, items: answer.checkIns, totalCount: answer.pageInfo.totalCount };
    },
    // Past the retention period, personal data of guests who left is not kept on the lobby machine.
    apply: (items) =>
      mirror.checkIns.upsertMany(
        items.filter((c) => (utc(c.leftAt) ?? retainAfter) >= retainAfter),
        config.locationId,
      ),
    removeUnseen: (seen) => mirror.checkIns.removeUnseen.run({ locationId: config.locationId, seen }).changes,
  });
}

export function pullGroups(ctx: PullContext): Promise<PullResult> {
  const { mirror, api } = ctx;
  return refreshInFull(ctx, {
    resource: 'groups',
    pageSize: LIMITS.accessProfileGroups.maxLimit,
    idOf: (group: AccessProfileGroup) => group.sourceId,
    fetch: async (offset, limit, options) => {
      const answer = await api.call('listAccessProfileGroups', { query: { limit, offset } }, options);
      return { answer, items: answer.groups, totalCount: answer.pageInfo.totalCount };
    },
    apply: (items) => mirror.groups.upsertMany(items),
    removeUnseen: (seen) => mirror.groups.removeUnseen.run({ seen }).changes,
  });
}

export function pullEmployees(ctx: PullContext): Promise<PullResult> {
  const { mirror, api, config } = ctx;
  return refreshInFull(ctx, {
    resource: stateKey('employees', config),
    pageSize: LIMITS.employees.maxLimit,
    idOf: (employee: Employee) => employee.id,
    fetch: async (offset, limit, options) => {
      const answer = await api.call(
        'listEmployees',
        { params: { companyId: config.companyId }, query: { limit, offset } },
        options,
      );
      return { answer, items: answer.employees, totalCount: answer.pageInfo.totalCount };
    },
    apply: (items) => mirror.employees.upsertMany(items),
    removeUnseen: (seen) => mirror.employees.removeUnseen.run({ seen }).changes,
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
