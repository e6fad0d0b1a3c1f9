/** What a response schema names goes to columns, anything else is kept in `extra`, once (groups, employees, invitations, check-ins). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { AccessProfileGroup, CheckIn, Employee, ReceptionInvitation } from '../../../shared/api/index.ts';

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

  it('does the same for invitations, their events and contacts, and check-ins', () => {
    open();
    const at = '2026-11-01T08:00:00.000Z';
    const invitation = ReceptionInvitation.parse({
      id: 5,
      event: {
        id: 50,
        name: 'Visit',
        startsAt: '2026-11-24T09:00:00.000Z',
        endsAt: '2026-11-24T17:00:00.000Z',
        locationId: 7,
        hostId: 1,
        createdAt: at,
        updatedAt: at,
        room: 'B12',
      },
      contact: { id: 500, firstName: 'Ada', lastName: 'Guest', createdAt: at, updatedAt: at, badge: 'red' },
      createdAt: at,
      updatedAt: at,
      source: 'crm',
    });
    mirror.invitations.upsertMany([invitation]);
    mirror.checkIns.upsertMany([CheckIn.parse({ id: 5, state: 'CHECKED_IN', arrivedAt: at, desk: 2 })], 7);
    expect(extra('events')).toEqual([JSON.stringify({ room: 'B12' })]);
    expect(extra('contacts')).toEqual([JSON.stringify({ badge: 'red' })]);
    expect(extra('invitations')).toEqual([JSON.stringify({ source: 'crm' })]);
    expect(extra('check_ins')).toEqual([JSON.stringify({ desk: 2 })]);
    expect(mirror.invitations.count()).toBe(1);
    expect(mirror.invitations.countInWindow({ locationId: 7, from: at, to: '2026-12-01T00:00:00.000Z' })).toBe(1);
    expect(mirror.checkIns.idsInStates(7, ['CHECKED_IN'])).toEqual([5]);
    expect(mirror.checkIns.removeIds([5])).toBe(1);
    expect(mirror.checkIns.count()).toBe(0);
  });
});
