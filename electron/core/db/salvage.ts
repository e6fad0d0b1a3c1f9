/**
 * What a damaged mirror's outbox still holds, read from the copy kept
 * aside and queued again in the new mirror: changes not yet delivered
 * (queued, being sent, failed) with their batches and the optimistic state
 * of their guests. Rows keep their ids, states and uncertainty, so the
 * outbox treats them as it would have in the old file: an attempt that may
 * have reached the service is read back before anything is sent again.
 * A row that cannot be read whole (a payload that is not JSON, a kind
 * Foyer does not know) is left in the kept copy and counted.
 *
 * What exists only on this machine is kept too, as far as it can be read:
 * walk-in requests (one waiting for the desk is a person at the door), roll
 * calls with their ticks, where and how each check-in was made, and the audit log.
 * Everything else the mirror held comes back from the service.
 */
import type Database from 'better-sqlite3';
import { type DamagedRead, openDamaged } from './read-damaged.ts';

const KINDS = new Set(['transition', 'identities', 'events', 'profiles']);

export interface SalvageReport {
  queued: number;
  failed: number;
  /** Rows queued again in the new mirror. */
  copied: number;
  /** Why rows (or all of them) could not be read. */
  problem?: string;
  /** How the file was read, when SQLite could not read it as it is (read-damaged.ts). */
  note?: string;
  /** Rows of this machine's own records copied, by table (see LOCAL_TABLES). */
  local: Record<string, number>;
}

/** This machine's own records, in an order that keeps references whole (a roll call before its entries). */
export const LOCAL_TABLES = {
  walk_ins: ['walk-in request', 'walk-in requests'],
  roll_calls: ['roll call', 'roll calls'],
  roll_call_entries: ['roll call mark', 'roll call marks'],
  check_in_facts: ['check-in or check-out made here', 'check-ins and check-outs made here'],
  audit_log: ['audit log entry', 'audit log entries'],
  print_jobs: ['print job', 'print jobs'],
  watchlist_lists: ['watchlist', 'watchlists'],
  watchlist_entries: ['watchlist entry', 'watchlist entries'],
  watchlist_alerts: ['watchlist alert', 'watchlist alerts'],
  watchlist_cleared: ['visitor cleared of a watchlist entry', 'visitors cleared of a watchlist entry'],
  agreement_versions: ['agreement version', 'agreement versions'],
  agreement_answers: ['signed or declined agreement', 'signed or declined agreements'],
  guest_photos: ['guest photo', 'guest photos'],
  staff: ['staff member', 'staff members'],
  forgotten: ['forgotten visitor', 'forgotten visitors'],
  forgotten_ids: ['id of a forgotten visitor', 'ids of forgotten visitors'],
} as const;

type Row = Record<string, unknown>;

function readable(row: Row): boolean {
  if (typeof row.kind !== 'string' || !KINDS.has(row.kind) || typeof row.target !== 'string') return false;
  try {
    JSON.parse(String(row.payload));
    return true;
  } catch {
    return false;
  }
}

/** Rows until the first one that cannot be read (a damaged page stops the scan there). */
function readRows(db: Database.Database, sql: string, report: SalvageReport): Row[] {
  const rows: Row[] = [];
  try {
    for (const row of db.prepare(sql).iterate() as IterableIterator<Row>) rows.push(row);
  } catch (error) {
    report.problem = `reading stopped at a damaged page: ${(error as Error).message}`;
  }
  return rows;
}

function insertAll(to: Database.Database, table: string, rows: Row[]): void {
  if (rows.length === 0) return;
  const known = new Set((to.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name));
  const columns = Object.keys(rows[0]!).filter((name) => known.has(name));
  const insert = to.prepare(
    `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  for (const row of rows) insert.run(Object.fromEntries(columns.map((c) => [c, row[c]])));
}

export function salvageOutbox(keptPath: string, to: Database.Database): SalvageReport {
  const report: SalvageReport = { queued: 0, failed: 0, copied: 0, local: {} };
  let read: DamagedRead;
  try {
    read = openDamaged(keptPath, to.pragma('user_version', { simple: true }) as number);
  } catch (error) {
    return { ...report, problem: `the file cannot be opened: ${(error as Error).message}` };
  }
  const from = read.db;
  if (read.note) report.note = read.note;
  try {
    const version = from.pragma('user_version', { simple: true });
    if (version !== to.pragma('user_version', { simple: true }))
      return {
        ...report,
        problem: `it has schema version ${String(version)}; Foyer copies only its own version's rows`,
      };
    const rows = readRows(from, "SELECT * FROM outbox WHERE state <> 'delivered' ORDER BY id", report);
    for (const row of rows) {
      if (row.state === 'failed') report.failed++;
      else report.queued++;
    }
    const whole = rows.filter(readable);
    if (whole.length < rows.length) report.problem ??= `${rows.length - whole.length} rows are damaged`;
    const ids = new Set(whole.map((row) => row.id));
    const batchIds = new Set<unknown>(whole.map((row) => row.batch_id).filter((id) => id !== null));
    const batches = readRows(from, 'SELECT * FROM outbox_batches ORDER BY id', report).filter((b) =>
      batchIds.has(b.id),
    );
    const pending = readRows(from, 'SELECT * FROM pending_transitions', report).filter((p) => ids.has(p.outbox_id));
    to.transaction(() => {
      insertAll(to, 'outbox_batches', batches);
      // A row whose batch could not be read is still sent, as a row of its own.
      const known = new Set(batches.map((b) => b.id));
      insertAll(
        to,
        'outbox',
        whole.map((row) => (row.batch_id === null || known.has(row.batch_id) ? row : { ...row, batch_id: null })),
      );
      insertAll(to, 'pending_transitions', pending);
    })();
    report.copied = whole.length;
    for (const table of Object.keys(LOCAL_TABLES)) {
      // Each table apart: a damaged page in one loses nothing of the others.
      const rows = readRows(from, `SELECT * FROM ${table}`, report);
      to.transaction(() => insertAll(to, table, rows))();
      if (rows.length) report.local[table] = rows.length;
    }
    // A fact whose outbox row was delivered (not copied) keeps no id that a new row of this mirror may take.
    to.prepare('UPDATE check_in_facts SET outbox_id = NULL WHERE outbox_id NOT IN (SELECT id FROM outbox)').run();
    return report;
  } catch (error) {
    return { ...report, problem: (error as Error).message };
  } finally {
    read.close();
  }
}
