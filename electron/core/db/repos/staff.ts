/**
 * The site's named staff (migration 0018): SQL in one place, rows parsed as
 * they leave the database. Hashes only (access/pins.ts); a removed person keeps
 * their row with the hashes cleared, so the audit log's names stay readable.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';

const StaffRow = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(['desk', 'admin']),
  pinHash: z.string().nullable(),
  cardHash: z.string().nullable(),
  addedAt: z.string(),
  removedAt: z.string().nullable(),
});
export type StaffRow = z.infer<typeof StaffRow>;

const COLUMNS = `id, name, role, pin_hash AS pinHash, card_hash AS cardHash, added_at AS addedAt, removed_at AS removedAt`;

export function createStaffRepo(db: Database.Database) {
  const insert = db.prepare(`INSERT INTO staff (name, role, pin_hash, card_hash, added_at)
    VALUES (@name, @role, @pinHash, @cardHash, @addedAt)`);
  const active = db.prepare(`SELECT ${COLUMNS} FROM staff WHERE removed_at IS NULL ORDER BY name, id`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM staff WHERE id = ?`);
  const remove = db.prepare(
    `UPDATE staff SET removed_at = ?, pin_hash = NULL, card_hash = NULL WHERE id = ? AND removed_at IS NULL`,
  );
  const activeIds = db.prepare('SELECT id FROM staff WHERE removed_at IS NULL').pluck();
  const isActive = db.prepare('SELECT 1 FROM staff WHERE id = ? AND removed_at IS NULL').pluck();
  return {
    add(row: Omit<StaffRow, 'id' | 'removedAt'>): number {
      return Number(insert.run(row).lastInsertRowid);
    },
    /** Everyone who may unlock, by name. */
    active(): StaffRow[] {
      return active.all().map((row) => StaffRow.parse(row));
    },
    byId(id: number): StaffRow | undefined {
      const row = byId.get(id);
      return row ? StaffRow.parse(row) : undefined;
    },
    /** False when there is no such person, or they were removed before. */
    remove(id: number, at: string): boolean {
      return remove.run(at, id).changes === 1;
    },
    isActive(id: number): boolean {
      return isActive.get(id) !== undefined;
    },
    /** The ids that may unlock now: a session of anyone else ends (read every second by the core). */
    activeIds(): Set<number> {
      return new Set(z.array(z.number().int()).parse(activeIds.all()));
    },
  };
}
export type StaffRepo = ReturnType<typeof createStaffRepo>;
