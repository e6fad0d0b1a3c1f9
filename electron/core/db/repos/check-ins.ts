import type Database from 'better-sqlite3';
import { CheckIn } from '../../../../shared/api/index.ts';
import { extraOf, jsonOrNull, keysOf, orNull, utc } from './util.ts';

// What the schema names goes to columns; anything else is kept in `extra`.
const CHECK_IN_KEYS = keysOf(CheckIn);

/** A check-in's id and state: what a listing's removal and its passes compare. */
export interface CheckInState {
  id: number;
  state: string;
}

export function createCheckInsRepo(db: Database.Database) {
  const unseen = db.prepare(
    'SELECT id, state FROM check_ins WHERE location_id = @locationId AND id NOT IN (SELECT value FROM json_each(@seen))',
  ) as Database.Statement<[{ locationId: number; seen: string }], CheckInState>;
  const fromId = db.prepare(
    'SELECT id, state FROM check_ins WHERE location_id = ? AND id >= ? ORDER BY id',
  ) as Database.Statement<[number, number], CheckInState>;
  const idsInStates = db
    .prepare('SELECT id FROM check_ins WHERE location_id = ? AND state IN (SELECT value FROM json_each(?)) ORDER BY id')
    .pluck() as Database.Statement<[number, string], number>;
  const removeIds = db.prepare('DELETE FROM check_ins WHERE id IN (SELECT value FROM json_each(?))');
  const countAt = db.prepare('SELECT count(*) FROM check_ins WHERE location_id = ?').pluck() as Database.Statement<
    [number],
    number
  >;
  const count = db.prepare('SELECT count(*) FROM check_ins').pluck() as Database.Statement<[], number>;
  const upsert = db.prepare(`
    INSERT INTO check_ins (id, location_id, state, email, first_name, last_name, birthdate, company_name, language,
      arrived_at, left_at, legitimation, trusted_id, access_control, custom_fields, extra)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(id) DO UPDATE SET location_id = excluded.location_id, state = excluded.state, email = excluded.email,
      first_name = excluded.first_name, last_name = excluded.last_name, birthdate = excluded.birthdate,
      company_name = excluded.company_name, language = excluded.language, arrived_at = excluded.arrived_at,
      left_at = excluded.left_at, legitimation = excluded.legitimation, trusted_id = excluded.trusted_id,
      access_control = excluded.access_control, custom_fields = excluded.custom_fields, extra = excluded.extra
    WHERE check_ins.state IS NOT excluded.state OR check_ins.location_id IS NOT excluded.location_id
      OR check_ins.arrived_at IS NOT excluded.arrived_at OR check_ins.left_at IS NOT excluded.left_at
      OR check_ins.email IS NOT excluded.email OR check_ins.first_name IS NOT excluded.first_name
      OR check_ins.last_name IS NOT excluded.last_name OR check_ins.birthdate IS NOT excluded.birthdate
      OR check_ins.company_name IS NOT excluded.company_name OR check_ins.language IS NOT excluded.language
      OR check_ins.legitimation IS NOT excluded.legitimation OR check_ins.trusted_id IS NOT excluded.trusted_id
      OR check_ins.access_control IS NOT excluded.access_control OR check_ins.custom_fields IS NOT excluded.custom_fields
      OR check_ins.extra IS NOT excluded.extra`);

  return {
    /** Call inside a transaction. */
    upsertMany(checkIns: readonly CheckIn[], locationId: number): void {
      for (const c of checkIns)
        // Positional parameters, in column order: much cheaper to bind than named ones.
        upsert.run(
          c.id,
          locationId,
          c.state,
          orNull(c.email),
          orNull(c.firstName),
          orNull(c.lastName),
          orNull(c.birthdate),
          orNull(c.companyName),
          orNull(c.language),
          utc(c.arrivedAt),
          utc(c.leftAt),
          jsonOrNull(c.legitimation),
          jsonOrNull(c.trustedId),
          jsonOrNull(c.accessControl),
          jsonOrNull(c.customFields),
          extraOf(c, CHECK_IN_KEYS),
        );
    },
    /** Check-ins of the location that a complete listing did not show (undone, or gone); `seen` is a JSON array of ids. */
    unseen: (locationId: number, seen: string): CheckInState[] => unseen.all({ locationId, seen }),
    /** Check-ins of the location with ids from `firstId` on (a listing's tail), in id order. */
    fromId: (locationId: number, firstId: number): CheckInState[] => fromId.all(locationId, firstId),
    /** Ids of the location's check-ins in these states, in id order. */
    idsInStates: (locationId: number, states: readonly string[]): number[] =>
      idsInStates.all(locationId, JSON.stringify(states)),
    /** Removes these check-ins; how many there were. */
    removeIds: (ids: readonly (number | string)[]): number => removeIds.run(JSON.stringify(ids)).changes,
    /** The location's check-ins. */
    countAt: (locationId: number): number => countAt.get(locationId) ?? 0,
    count: (): number => count.get()!,
  };
}
export type CheckInsRepo = ReturnType<typeof createCheckInsRepo>;
