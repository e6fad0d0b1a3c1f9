import type Database from 'better-sqlite3';
import type { CheckIn } from '../../../../shared/api/index.ts';
import { extraOf, jsonOrNull, orNull, utc } from './util.ts';

const CHECK_IN_KEYS = [
  'id',
  'state',
  'email',
  'firstName',
  'lastName',
  'birthdate',
  'companyName',
  'language',
  'arrivedAt',
  'leftAt',
  'legitimation',
  'trustedId',
  'accessControl',
  'customFields',
];

export function createCheckInsRepo(db: Database.Database) {
  const upsert = db.prepare(`
    INSERT INTO check_ins (id, location_id, state, email, first_name, last_name, birthdate, company_name, language,
      arrived_at, left_at, legitimation, trusted_id, access_control, custom_fields, extra, seen_run)
    VALUES (@id, @locationId, @state, @email, @firstName, @lastName, @birthdate, @companyName, @language,
      @arrivedAt, @leftAt, @legitimation, @trustedId, @accessControl, @customFields, @extra, @seenRun)
    ON CONFLICT(id) DO UPDATE SET location_id = excluded.location_id, state = excluded.state, email = excluded.email,
      first_name = excluded.first_name, last_name = excluded.last_name, birthdate = excluded.birthdate,
      company_name = excluded.company_name, language = excluded.language, arrived_at = excluded.arrived_at,
      left_at = excluded.left_at, legitimation = excluded.legitimation, trusted_id = excluded.trusted_id,
      access_control = excluded.access_control, custom_fields = excluded.custom_fields, extra = excluded.extra,
      seen_run = excluded.seen_run`);

  return {
    /** Call inside a transaction. */
    upsertMany(checkIns: readonly CheckIn[], locationId: number, seenRun: number | null): void {
      for (const c of checkIns)
        upsert.run({
          id: c.id,
          locationId,
          state: c.state,
          email: orNull(c.email),
          firstName: orNull(c.firstName),
          lastName: orNull(c.lastName),
          birthdate: orNull(c.birthdate),
          companyName: orNull(c.companyName),
          language: orNull(c.language),
          arrivedAt: utc(c.arrivedAt),
          leftAt: utc(c.leftAt),
          legitimation: jsonOrNull(c.legitimation),
          trustedId: jsonOrNull(c.trustedId),
          accessControl: jsonOrNull(c.accessControl),
          customFields: jsonOrNull(c.customFields),
          extra: extraOf(c, CHECK_IN_KEYS),
          seenRun,
        });
    },
    /** Check-ins of the location that the last complete listing did not show (undone, or gone). */
    removeUnseen: db.prepare('DELETE FROM check_ins WHERE location_id = @locationId AND seen_run IS NOT @run'),
    count: db.prepare('SELECT count(*) FROM check_ins').pluck() as Database.Statement<[], number>,
  };
}
export type CheckInsRepo = ReturnType<typeof createCheckInsRepo>;
