/** Access profile groups and employees: small lists refreshed in full. */
import type Database from 'better-sqlite3';
import { AccessProfileGroup, Employee } from '../../../../shared/api/index.ts';
import { extraOf, keysOf, orNull } from './util.ts';

const GROUP_KEYS = keysOf(AccessProfileGroup);
const EMPLOYEE_KEYS = keysOf(Employee);

export interface GroupRow {
  sourceId: string;
  name: string | null;
  locationId: number | null;
  locationName: string | null;
}

export interface EmployeeRow {
  id: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export function createGroupsRepo(db: Database.Database) {
  const upsert = db.prepare(`
    INSERT INTO access_profile_groups (source_id, name, location_id, location_name, created_at, updated_at, extra)
    VALUES (@sourceId, @name, @locationId, @locationName, @createdAt, @updatedAt, @extra)
    ON CONFLICT(source_id) DO UPDATE SET name = excluded.name, location_id = excluded.location_id,
      location_name = excluded.location_name, created_at = excluded.created_at, updated_at = excluded.updated_at,
      extra = excluded.extra`);
  const removeUnseen = db.prepare(
    'DELETE FROM access_profile_groups WHERE source_id NOT IN (SELECT value FROM json_each(@seen))',
  );
  const locationName = db
    .prepare(
      'SELECT location_name FROM access_profile_groups WHERE location_id = ? AND location_name IS NOT NULL ORDER BY source_id LIMIT 1',
    )
    .pluck() as Database.Statement<[number], string>;
  const all = db.prepare(
    'SELECT source_id AS sourceId, name, location_id AS locationId, location_name AS locationName FROM access_profile_groups ORDER BY source_id',
  ) as Database.Statement<[], GroupRow>;
  return {
    upsertMany(groups: readonly AccessProfileGroup[]): void {
      for (const g of groups)
        upsert.run({
          sourceId: g.sourceId,
          name: orNull(g.name),
          locationId: orNull(g.location?.id),
          locationName: orNull(g.location?.name),
          createdAt: orNull(g.createdAt),
          updatedAt: orNull(g.updatedAt),
          extra: extraOf(g, GROUP_KEYS),
        });
    },
    /** Removes the groups a complete listing did not show; `seen` is a JSON array of their sourceIds. */
    removeUnseen: (seen: string): number => removeUnseen.run({ seen }).changes,
    /** The name of a location, as the access profile groups there give it (the interface has no other source). */
    locationName: (locationId: number): string | undefined => locationName.get(locationId),
    all: (): GroupRow[] => all.all(),
  };
}
export type GroupsRepo = ReturnType<typeof createGroupsRepo>;

export function createEmployeesRepo(db: Database.Database) {
  const upsert = db.prepare(`
    INSERT INTO employees (id, email, first_name, last_name, created_at, updated_at, extra)
    VALUES (@id, @email, @firstName, @lastName, @createdAt, @updatedAt, @extra)
    ON CONFLICT(id) DO UPDATE SET email = excluded.email, first_name = excluded.first_name,
      last_name = excluded.last_name, created_at = excluded.created_at, updated_at = excluded.updated_at,
      extra = excluded.extra
    WHERE employees.updated_at IS NOT excluded.updated_at OR employees.email IS NOT excluded.email
      OR employees.first_name IS NOT excluded.first_name OR employees.last_name IS NOT excluded.last_name
      OR employees.extra IS NOT excluded.extra`);
  const removeUnseen = db.prepare('DELETE FROM employees WHERE id NOT IN (SELECT value FROM json_each(@seen))');
  const byId = db.prepare(
    'SELECT id, email, first_name AS firstName, last_name AS lastName FROM employees WHERE id = ?',
  ) as Database.Statement<[number], EmployeeRow>;
  const count = db.prepare('SELECT count(*) FROM employees').pluck() as Database.Statement<[], number>;
  /** A page of employees, searched like the service's searchQuery, sorted by email or by name. */
  function page(query: { text: string; byEmail: boolean; ascending: boolean; offset: number; limit: number }) {
    const needle = `%${query.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = `WHERE lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) LIKE @needle ESCAPE '\\'
            OR lower(coalesce(email, '')) LIKE @needle ESCAPE '\\'`;
    const direction = query.ascending ? 'ASC' : 'DESC';
    const order = query.byEmail ? `email ${direction}, id` : `last_name ${direction}, first_name ${direction}, id`;
    const total = db.prepare(`SELECT count(*) FROM employees ${where}`).pluck().get({ needle }) as number;
    const rows = db
      .prepare(
        `SELECT id, email, first_name AS firstName, last_name AS lastName FROM employees ${where}
         ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      )
      .all({ needle, limit: query.limit, offset: query.offset }) as EmployeeRow[];
    return { rows, total };
  }
  return {
    upsertMany(employees: readonly Employee[]): void {
      for (const e of employees)
        upsert.run({
          id: e.id,
          email: orNull(e.email),
          firstName: orNull(e.firstName),
          lastName: orNull(e.lastName),
          createdAt: orNull(e.createdAt),
          updatedAt: orNull(e.updatedAt),
          extra: extraOf(e, EMPLOYEE_KEYS),
        });
    },
    /** Removes the employees a complete listing did not show; `seen` is a JSON array of their ids. */
    removeUnseen: (seen: string): number => removeUnseen.run({ seen }).changes,
    byId: (id: number): EmployeeRow | undefined => byId.get(id),
    count: (): number => count.get()!,
    page,
    /** Employees whose name or email contains the text, ignoring case. */
    search(text: string, limit: number) {
      return page({ text, byEmail: false, ascending: true, offset: 0, limit }).rows;
    },
  };
}
export type EmployeesRepo = ReturnType<typeof createEmployeesRepo>;
