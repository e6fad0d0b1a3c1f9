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
});
export type AuditRow = z.infer<typeof AuditRow>;
export type NewAuditRow = Omit<AuditRow, 'id'>;

export interface AuditFilter {
  /** ISO instants: from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  action?: string | undefined;
  device?: string | undefined;
  role?: string | undefined;
  limit: number;
}

export function createAuditLogRepo(db: Database.Database) {
  const insert = db.prepare(
    'INSERT INTO audit_log (at, action, role, device, subject, detail) VALUES (@at, @action, @role, @device, @subject, @detail)',
  );
  // Each filter is "unset or equal": one statement serves every combination.
  const select = db.prepare(`SELECT id, at, action, role, device, subject, detail FROM audit_log
    WHERE (@from IS NULL OR at >= @from) AND (@to IS NULL OR at < @to)
      AND (@action IS NULL OR action = @action) AND (@device IS NULL OR device = @device)
      AND (@role IS NULL OR role = @role)
    ORDER BY at DESC, id DESC LIMIT @limit`);
  const distinct = (column: 'action' | 'device') =>
    db.prepare(`SELECT DISTINCT ${column} AS value FROM audit_log ORDER BY 1`).pluck();
  const actions = distinct('action');
  const devices = distinct('device');
  const purge = db.prepare('DELETE FROM audit_log WHERE at < ?');
  return {
    add(row: NewAuditRow): void {
      insert.run(row);
    },
    list(filter: AuditFilter): AuditRow[] {
      return select
        .all({
          from: filter.from ?? null,
          to: filter.to ?? null,
          action: filter.action ?? null,
          device: filter.device ?? null,
          role: filter.role ?? null,
          limit: filter.limit,
        })
        .map((row) => AuditRow.parse(row));
    },
    /** The actions and devices the log holds, for the console's filters. */
    choices(): { actions: string[]; devices: string[] } {
      return { actions: z.array(z.string()).parse(actions.all()), devices: z.array(z.string()).parse(devices.all()) };
    },
    purgeBefore(at: string): number {
      return purge.run(at).changes;
    },
  };
}
export type AuditLogRepo = ReturnType<typeof createAuditLogRepo>;
