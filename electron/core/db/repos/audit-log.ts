/**
 * The audit log (migration 0014): who did what, when, from which screen.
 * Rows are written by the caller's transaction (see app/audit.ts) and parsed
 * as they leave the database.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';

export const AuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  role: z.string(),
  device: z.string(),
  subject: z.string().nullable(),
  detail: z.string().nullable(),
  /** The named staff member who acted (migration 0018); null for a shared PIN, the CLI, automatic work. */
  person: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export type NewAuditRow = Omit<AuditRow, 'id' | 'person'> & { person?: string | null };

export interface AuditFilter {
  /** ISO instants: from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  action?: string | undefined;
  device?: string | undefined;
  role?: string | undefined;
  limit: number;
}

/**
 * A text in the subject or the detail, as written or case aside: SQLite's lower() folds ASCII letters only, so
 * a Cyrillic or accented name is looked for as written too.
 */
const MENTIONS = `(instr(subject, ?) > 0 OR instr(detail, ?) > 0 OR instr(lower(subject), ?) > 0 OR instr(lower(detail), ?) > 0)`;
const mentionParams = (text: string) => [text, text, text.toLowerCase(), text.toLowerCase()];

export function createAuditLogRepo(db: Database.Database) {
  const insert = db.prepare(
    `INSERT INTO audit_log (at, action, role, device, subject, detail, person)
      VALUES (@at, @action, @role, @device, @subject, @detail, @person)`,
  );
  // One statement per combination of filters set, each condition plain, so that SQLite takes the index of the
  // filter (migration 0015) and stops at the page's limit; "unset or equal" in one statement read every row
  // (0.6-1.7 s at 100,000 entries).
  const CONDITIONS = {
    from: 'at >= @from',
    to: 'at < @to',
    action: 'action = @action',
    device: 'device = @device',
    role: 'role = @role',
  } as const;
  const selects = new Map<string, Database.Statement>();
  const selectFor = (set: (keyof typeof CONDITIONS)[]) => {
    const key = set.join(' ');
    let statement = selects.get(key);
    if (!statement) {
      const where = set.length ? `WHERE ${set.map((name) => CONDITIONS[name]).join(' AND ')}` : '';
      statement = db.prepare(`SELECT id, at, action, role, device, subject, detail, person FROM audit_log ${where}
        ORDER BY at DESC, id DESC LIMIT @limit`);
      selects.set(key, statement);
    }
    return statement;
  };
  const distinct = (column: 'action' | 'device') =>
    db.prepare(`SELECT DISTINCT ${column} AS value FROM audit_log ORDER BY 1`).pluck();
  const actions = distinct('action');
  const devices = distinct('device');
  const purge = db.prepare('DELETE FROM audit_log WHERE at < ?');
  return {
    add(row: NewAuditRow): void {
      insert.run({ ...row, person: row.person ?? null });
    },
    list(filter: AuditFilter): AuditRow[] {
      const set = (Object.keys(CONDITIONS) as (keyof typeof CONDITIONS)[]).filter((name) => filter[name] !== undefined);
      const values = Object.fromEntries(set.map((name) => [name, filter[name]]));
      return selectFor(set)
        .all({ ...values, limit: filter.limit })
        .map((row) => AuditRow.parse(row));
    },
    /** The actions and devices the log holds, for the console's filters. */
    choices(): { actions: string[]; devices: string[] } {
      return { actions: z.array(z.string()).parse(actions.all()), devices: z.array(z.string()).parse(devices.all()) };
    },
    purgeBefore(at: string): number {
      return purge.run(at).changes;
    },
    /**
     * Entries whose subject or detail holds any of `texts` (a forgotten visitor's names and email): each is
     * written again with `rewrite`, so the staff action stays and the person becomes a pseudonym.
     */
    rewriteMentions(texts: readonly string[], rewrite: (text: string) => string): number {
      const needles = texts.filter((t) => t.length >= 2);
      if (needles.length === 0) return 0;
      const where = needles.map(() => MENTIONS);
      const rows = db
        .prepare(`SELECT id, subject, detail FROM audit_log WHERE ${where.join(' OR ')}`)
        .all(...needles.flatMap(mentionParams)) as {
        id: number;
        subject: string | null;
        detail: string | null;
      }[];
      const update = db.prepare('UPDATE audit_log SET subject = ?, detail = ? WHERE id = ?');
      for (const row of rows)
        update.run(
          row.subject === null ? null : rewrite(row.subject),
          row.detail === null ? null : rewrite(row.detail),
          row.id,
        );
      return rows.length;
    },
    /** Entries that mention any of `texts`, for a visitor's data on request. */
    mentioning(texts: readonly string[]): AuditRow[] {
      const needles = texts.filter((t) => t.length >= 2);
      if (needles.length === 0) return [];
      const where = needles.map(() => MENTIONS);
      return db
        .prepare(
          `SELECT id, at, action, role, device, subject, detail, person FROM audit_log WHERE ${where.join(' OR ')} ORDER BY at, id`,
        )
        .all(...needles.flatMap(mentionParams))
        .map((row) => AuditRow.parse(row));
    },
  };
}
export type AuditLogRepo = ReturnType<typeof createAuditLogRepo>;
