/** Groups and employees: what the schema names goes to columns, anything else is kept in `extra`, once. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { AccessProfileGroup, Employee } from '../../../shared/api/index.ts';

let dir: string;
let mirror: Mirror;
afterEach(() => {
  mirror.close();
  rmSync(dir, { recursive: true, force: true });
});
function open() {
  dir = mkdtempSync(join(tmpdir(), 'foyer-reference-'));
  mirror = openMirror(join(dir, 'mirror.db'));
}
const extra = (table: string) => mirror.db.prepare(`SELECT extra FROM ${table}`).pluck().all();

describe('reference data', () => {
  it('keeps the fields the schema does not name, and only those, as extra', () => {
    open();
    const group = AccessProfileGroup.parse({
      sourceId: 'doors',
      name: 'Doors',
      location: { id: 7, name: 'Hamburg' },
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-02T08:00:00.000Z',
      floor: 3,
    });
    const employee = Employee.parse({
      id: 1,
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-02T08:00:00.000Z',
      room: 'B12',
    });
    mirror.groups.upsertMany([group]);
    mirror.employees.upsertMany([employee]);
    expect(extra('access_profile_groups')).toEqual([JSON.stringify({ floor: 3 })]);
    expect(extra('employees')).toEqual([JSON.stringify({ room: 'B12' })]);
    expect(mirror.groups.all()).toEqual([{ sourceId: 'doors', name: 'Doors', locationId: 7, locationName: 'Hamburg' }]);
    expect(mirror.groups.locationName(7)).toBe('Hamburg');
    expect(mirror.employees.byId(1)).toEqual({
      id: 1,
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(mirror.employees.count()).toBe(1);
  });

  it('removes what a complete listing did not show, and says how many', () => {
    open();
    const employees = [1, 2, 3].map((id) => Employee.parse({ id, email: `e${id}@example.test` }));
    mirror.employees.upsertMany(employees);
    expect(mirror.employees.removeUnseen(JSON.stringify([1, 3]))).toBe(1);
    expect(mirror.employees.byId(2)).toBeUndefined();
    expect(mirror.employees.count()).toBe(2);
  });
});
