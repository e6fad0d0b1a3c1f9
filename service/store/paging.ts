import type { StoreContext } from './context.ts';
import { sql } from './context.ts';

const countCache = new WeakMap<StoreContext, Map<string, { version: number; count: number }>>();

/**
 * totalCount of a listing. Counting a deep listing costs as much as reading
 * it, and a client walks many pages of the same listing, so counts are
 * cached until the next write.
 */
export function cachedCount(ctx: StoreContext, text: string, params: readonly unknown[]): number {
  let cache = countCache.get(ctx);
  if (!cache) countCache.set(ctx, (cache = new Map()));
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const hit = cache.get(key);
  if (hit && hit.version === ctx.version.value) return hit.count;
  const count = (sql(ctx, text).get(...params) as { n: number }).n;
  if (cache.size > 1000) cache.clear();
  cache.set(key, { version: ctx.version.value, count });
  return count;
}

/** Ids of one page, then the rows of those ids, in the page's order. */
export function rowsInOrder<T extends { id: number }>(ctx: StoreContext, ids: number[], text: string): T[] {
  if (ids.length === 0) return [];
  const rows = sql(ctx, text).all(JSON.stringify(ids)) as T[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}
