/**
 * The watchlist from CSV, XLSX or JSON: one person a row, their names in any
 * script, optionally company, email and a note for reception, and what to do
 * on a match (alert reception, or deny). Kept on this site, never sent.
 */
import { z } from 'zod';
import { WATCHLIST_ACTIONS } from '../watchlist/match.ts';
import type { ImportResult, Progress } from './issues.ts';
import { importJsonFile } from './json-file.ts';
import { present, type TableSpec } from './spec.ts';
import { importTableFile } from './table-file.ts';
import { tableFormat } from './tables.ts';

const text = (max: number, what: string) =>
  z.string().trim().min(1).max(max, `the ${what} is at most ${max} characters`);

export const WatchlistItem = z.strictObject({
  firstName: text(100, 'first name').optional(),
  lastName: text(100, 'last name'),
  companyName: text(200, 'company').optional(),
  email: z.email('an email address such as name@example.com').max(200).optional(),
  note: text(500, 'note').optional(),
  action: z.enum(WATCHLIST_ACTIONS, { error: 'the action is "alert" (tell reception) or "deny" (do not let in)' }),
});
export type WatchlistItem = z.infer<typeof WatchlistItem>;

const WATCHLIST_COLUMNS = WatchlistItem.keyof().options;

const watchlistSpec: TableSpec<WatchlistItem> = {
  what: 'a watchlist',
  columns: WATCHLIST_COLUMNS,
  requireOneOf: ['lastName'],
  schema: WatchlistItem,
  build(cells) {
    const raw: Record<string, unknown> = {};
    for (const column of WATCHLIST_COLUMNS) {
      const value = present(cells[column]);
      if (value !== undefined) raw[column] = column === 'action' ? value.toLowerCase() : value;
    }
    return raw;
  },
  columnOf: (path) => String(path[0] ?? ''),
};

export async function importWatchlist(path: string, onProgress?: Progress): Promise<ImportResult<WatchlistItem>> {
  if (tableFormat(path) === 'json') return importJsonFile(path, 'watchlist', watchlistSpec);
  return importTableFile(path, watchlistSpec, onProgress);
}
