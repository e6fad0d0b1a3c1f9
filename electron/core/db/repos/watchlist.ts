/**
 * The watchlist (migration 0018): the list in force, its alerts and the
 * visitors cleared of an entry ("Not this person"). Local to the site: none
 * of it is ever queued for the service. Rows are parsed as they leave.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { WATCHLIST_DECISIONS, type WatchlistDecision } from '../../../../shared/contract/watchlist.ts';
import { WATCHLIST_ACTIONS, type WatchlistEntry } from '../../watchlist/match.ts';

const EntryRow = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  note: z.string().nullable(),
  action: z.enum(WATCHLIST_ACTIONS),
});

const ListRow = z.object({ id: z.number().int(), file: z.string(), pushedAt: z.string(), entries: z.number().int() });
export type WatchlistList = z.infer<typeof ListRow>;

export const AlertRow = z.object({
  id: z.number().int(),
  raisedAt: z.string(),
  point: z.string(),
  device: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  visitorKey: z.string(),
  invitationId: z.number().int().nullable(),
  walkInId: z.number().int().nullable(),
  entryKey: z.string(),
  entryName: z.string(),
  entryNote: z.string().nullable(),
  action: z.enum(WATCHLIST_ACTIONS),
  score: z.number(),
  matches: z.string(),
  decision: z.enum(WATCHLIST_DECISIONS).nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type AlertRow = z.infer<typeof AlertRow>;
export type NewAlertRow = Omit<AlertRow, 'id' | 'decision' | 'decidedAt' | 'decidedBy'>;

const ALERT_COLUMNS = `id, raised_at AS raisedAt, point, device, first_name AS firstName, last_name AS lastName,
  company_name AS companyName, email, visitor_key AS visitorKey, invitation_id AS invitationId, walk_in_id AS walkInId,
  entry_key AS entryKey, entry_name AS entryName, entry_note AS entryNote, action, score, matches, decision,
  decided_at AS decidedAt, decided_by AS decidedBy`;

export function createWatchlistRepo(db: Database.Database) {
  const current = db.prepare(
    'SELECT id, file, pushed_at AS pushedAt, entries FROM watchlist_lists ORDER BY id DESC LIMIT 1',
  );
  const entriesOf = db.prepare(
    `SELECT id, first_name AS firstName, last_name AS lastName, company_name AS companyName, email, note, action
     FROM watchlist_entries WHERE list_id = ? ORDER BY id`,
  );
  const dropLists = db.prepare('DELETE FROM watchlist_lists');
  const insertList = db.prepare('INSERT INTO watchlist_lists (file, pushed_at, entries) VALUES (?, ?, ?)');
  const insertEntry = db.prepare(
    `INSERT INTO watchlist_entries (list_id, line, first_name, last_name, company_name, email, note, action)
     VALUES (@listId, @line, @firstName, @lastName, @companyName, @email, @note, @action)`,
  );
  const insertAlert = db.prepare(
    `INSERT INTO watchlist_alerts (raised_at, point, device, first_name, last_name, company_name, email, visitor_key,
       invitation_id, walk_in_id, entry_key, entry_name, entry_note, action, score, matches)
     VALUES (@raisedAt, @point, @device, @firstName, @lastName, @companyName, @email, @visitorKey, @invitationId,
       @walkInId, @entryKey, @entryName, @entryNote, @action, @score, @matches)`,
  );
  const alertById = db.prepare(`SELECT ${ALERT_COLUMNS} FROM watchlist_alerts WHERE id = ?`);
  const openAlerts = db.prepare(
    `SELECT ${ALERT_COLUMNS} FROM watchlist_alerts WHERE decision IS NULL ORDER BY raised_at DESC, id DESC LIMIT ?`,
  );
  const openOfPair = db.prepare(
    `SELECT ${ALERT_COLUMNS} FROM watchlist_alerts WHERE entry_key = ? AND visitor_key = ? AND decision IS NULL
     ORDER BY id DESC LIMIT 1`,
  );
  const letInSince = db
    .prepare(
      `SELECT 1 FROM watchlist_alerts WHERE entry_key = ? AND visitor_key = ? AND decision = 'letIn' AND decided_at >= ?
       LIMIT 1`,
    )
    .pluck();
  const decide = db.prepare(
    'UPDATE watchlist_alerts SET decision = @decision, decided_at = @at, decided_by = @by WHERE id = @id',
  );
  const clear = db.prepare(
    'INSERT OR REPLACE INTO watchlist_cleared (entry_key, visitor_key, cleared_at, alert_id) VALUES (?, ?, ?, ?)',
  );
  const cleared = db.prepare('SELECT 1 FROM watchlist_cleared WHERE entry_key = ? AND visitor_key = ?').pluck();
  const countOpen = db.prepare('SELECT count(*) FROM watchlist_alerts WHERE decision IS NULL').pluck();

  return {
    /** The list in force (the last push), or undefined before the first. */
    list(): WatchlistList | undefined {
      const row = current.get();
      return row === undefined ? undefined : ListRow.parse(row);
    },
    entries(listId: number): WatchlistEntry[] {
      return entriesOf.all(listId).map((row) => EntryRow.parse(row));
    },
    /** Replaces the whole list with a pushed file's entries: one transaction, the caller's or its own. */
    replace(
      file: string,
      pushedAt: string,
      entries: readonly (Omit<WatchlistEntry, 'id'> & { line: number | null })[],
    ): WatchlistList {
      return db.transaction(() => {
        dropLists.run();
        const listId = Number(insertList.run(file, pushedAt, entries.length).lastInsertRowid);
        for (const entry of entries) insertEntry.run({ ...entry, listId });
        return { id: listId, file, pushedAt, entries: entries.length };
      })();
    },
    addAlert(row: NewAlertRow): AlertRow {
      const id = Number(insertAlert.run(row).lastInsertRowid);
      return AlertRow.parse(alertById.get(id));
    },
    alert(id: number): AlertRow | undefined {
      const row = alertById.get(id);
      return row === undefined ? undefined : AlertRow.parse(row);
    },
    /** Alerts no desk has decided yet, newest first. */
    open(limit = 200): AlertRow[] {
      return openAlerts.all(limit).map((row) => AlertRow.parse(row));
    },
    openCount(): number {
      return z.number().parse(countOpen.get());
    },
    /** The undecided alert of this entry and visitor, if one is waiting already. */
    openOf(entryKey: string, visitorKey: string): AlertRow | undefined {
      const row = openOfPair.get(entryKey, visitorKey);
      return row === undefined ? undefined : AlertRow.parse(row);
    },
    /** Whether a desk let this visitor in past this entry since then. */
    letInSince(entryKey: string, visitorKey: string, since: string): boolean {
      return letInSince.get(entryKey, visitorKey, since) !== undefined;
    },
    decide(id: number, decision: WatchlistDecision, at: string, by: string): void {
      decide.run({ id, decision, at, by });
    },
    clear(entryKey: string, visitorKey: string, at: string, alertId: number): void {
      clear.run(entryKey, visitorKey, at, alertId);
    },
    /** "Not this person" was said of this visitor and this entry. */
    isCleared(entryKey: string, visitorKey: string): boolean {
      return cleared.get(entryKey, visitorKey) !== undefined;
    },
  };
}
export type WatchlistRepo = ReturnType<typeof createWatchlistRepo>;
