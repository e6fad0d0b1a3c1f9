import type { StoreContext } from './context.ts';
import { sql } from './context.ts';

interface Snapshot {
  version: number;
  ids: number[];
}

const snapshots = new WeakMap<StoreContext, Map<string, Snapshot>>();
const MAX_SNAPSHOTS = 32;

/**
 * The ordered ids of a listing, as of the last write. A client walks many
 * pages of the same listing, and OFFSET makes SQLite step over every skipped
 * row, so the ids are read once per write version and each page is a slice:
 * totalCount is the length, and deep pages cost what the first one costs.
 */
export function listingIds(ctx: StoreContext, idsSql: string, params: readonly unknown[]): number[] {
  let cache = snapshots.get(ctx);
  if (!cache) snapshots.set(ctx, (cache = new Map()));
  const key = `${idsSql}\u0000${JSON.stringify(params)}`;
  const hit = cache.get(key);
  if (hit && hit.version === ctx.version.value) {
    cache.delete(key); // most recently used last
    cache.set(key, hit);
    return hit.ids;
  }
  const ids = sql(ctx, idsSql)
    .pluck()
    .all(...params) as number[];
  cache.delete(key);
  cache.set(key, { version: ctx.version.value, ids });
  if (cache.size > MAX_SNAPSHOTS) cache.delete(cache.keys().next().value!);
  return ids;
}

/** One page of a listing: the slice of its ids, and totalCount. */
export function pageOf(
  ctx: StoreContext,
  idsSql: string,
  params: readonly unknown[],
  page: { limit: number; offset: number },
): { ids: number[]; totalCount: number } {
  const ids = listingIds(ctx, idsSql, params);
  return { ids: ids.slice(page.offset, page.offset + page.limit), totalCount: ids.length };
}

/** A body already serialised as JSON: sent as is. */
export class RawJson {
  constructor(readonly json: string | Buffer) {}
}

/** The JSON of the given ids' rows (text, or UTF-8 bytes), in the order of the ids (the query orders by json_each's key). */
export function jsonRows(ctx: StoreContext, ids: number[], text: string): (string | Buffer)[] {
  if (ids.length === 0) return [];
  return sql(ctx, text).pluck().all(JSON.stringify(ids)) as (string | Buffer)[];
}

const COMMA = Buffer.from(',');

/** `{ "<name>": [rows], "pageInfo": { "totalCount": n } }` from rows already in JSON, as UTF-8 bytes. */
export function listingJson(name: string, rows: (string | Buffer)[], totalCount: number): RawJson {
  const parts: Buffer[] = [Buffer.from(`{"${name}":[`)];
  rows.forEach((row, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(typeof row === 'string' ? Buffer.from(row) : row);
  });
  parts.push(Buffer.from(`],"pageInfo":{"totalCount":${totalCount}}}`));
  return new RawJson(Buffer.concat(parts));
}
