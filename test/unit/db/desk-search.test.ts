/**
 * The desk's search reads the invitations of the contacts a text matches
 * when they are few, and the location's window otherwise (desk-guests.ts):
 * either way the same guests, pages and counts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { CheckIn } from '../../../shared/api/index.ts';

const at = '2026-11-22T10:00:00.000Z';
const guest = (id: number, firstName: string, lastName: string, locationId = 10, day = '2026-11-22') => ({
  id,
  createdAt: at,
  updatedAt: at,
  event: {
    id: locationId * 100 + Number(day.slice(-2)),
    name: 'Audit',
    startsAt: `${day}T10:00:00.000Z`,
    endsAt: `${day}T12:00:00.000Z`,
    locationId,
    hostId: 1,
    createdAt: at,
    updatedAt: at,
  },
  contact: { id: 100_000 + id, firstName, lastName, createdAt: at, updatedAt: at },
});
const view = (text: string) => ({
  locationId: 10,
  from: '2026-11-22T00:00:00.000Z',
  to: '2026-11-23T00:00:00.000Z',
  withOnSite: false,
  text,
  sort: 'name' as const,
});

let mirror: Mirror;
beforeAll(() => {
  mirror = openMirror(join(mkdtempSync(join(tmpdir(), 'foyer-desk-search-')), 'mirror.db'));
  mirror.transaction(() =>
    mirror.invitations.upsertMany([
      // More than the few contacts read one by one...
      ...Array.from({ length: 3_500 }, (_, i) => guest(i + 1, `Jana${i + 1}`, 'Nováková')),
      // ...a handful...
      ...Array.from({ length: 5 }, (_, i) => guest(5_000 + i, `Karl${i + 1}`, 'Schmidt')),
      // ...and namesakes at another location, never shown.
      ...Array.from({ length: 5 }, (_, i) => guest(6_000 + i, `Karl${i + 1}`, 'Schmidt', 11)),
      // Guests of two days before, one still on site and one who left.
      guest(7_000, 'Olga', 'Schmidt', 10, '2026-11-20'),
      guest(7_001, 'Pia', 'Schmidt', 10, '2026-11-20'),
      guest(7_002, 'Jana0', 'Nováková', 10, '2026-11-20'),
      // Two more of that day: one checked in here with the check-in still queued, one who left, queued too.
      guest(7_003, 'Rita', 'Schmidt', 10, '2026-11-20'),
      guest(7_005, 'Vera', 'Schmidt', 10, '2026-11-20'),
    ]),
  );
  mirror.transaction(() =>
    mirror.checkIns.upsertMany(
      [
        CheckIn.parse({ id: 7_000, state: 'CHECKED_IN', arrivedAt: '2026-11-20T09:55:00.000Z' }),
        CheckIn.parse({ id: 7_001, state: 'CHECKED_OUT', arrivedAt: '2026-11-20T09:55:00.000Z' }),
        CheckIn.parse({ id: 7_002, state: 'CHECKED_IN', arrivedAt: '2026-11-20T09:55:00.000Z' }),
        CheckIn.parse({ id: 7_005, state: 'CHECKED_IN', arrivedAt: '2026-11-20T09:55:00.000Z' }),
        // On site, and their invitation gone from the mirror (its event was deleted meanwhile).
        CheckIn.parse({
          id: 7_004,
          state: 'CHECKED_IN',
          firstName: 'Udo',
          lastName: 'Schmidt',
          arrivedAt: '2026-11-20T09:55:00.000Z',
        }),
      ],
      10,
    ),
  );
  mirror.transaction(() => {
    for (const [checkInId, state] of [
      [7_003, 'CHECKED_IN'],
      [7_005, 'CHECKED_OUT'],
    ] as const) {
      const outboxId = mirror.outbox.add({
        kind: 'transition',
        target: `check-in:${checkInId}`,
        payload: {},
        label: '',
        now: at,
      });
      mirror.outbox.setPendingTransition({
        checkInId,
        outboxId,
        state,
        arrivedAt: '2026-11-20T09:55:00.000Z',
        leftAt: state === 'CHECKED_OUT' ? at : null,
        undoUntil: null,
      });
    }
  });
});
afterAll(() => mirror.close());

describe("the desk's search", () => {
  it('finds a handful of guests among thousands, at the location only', () => {
    expect(mirror.deskGuests.counts(view('schmidt')).expected).toBe(5);
    expect(mirror.deskGuests.page(view('schmidt'), 0, 50).map((g) => g.invitationId)).toEqual([
      5_000, 5_001, 5_002, 5_003, 5_004,
    ]);
  });
  it('finds thousands of guests, paged in order', () => {
    expect(mirror.deskGuests.counts(view('novakova')).expected).toBe(3_500);
    const page = mirror.deskGuests.page(view('nov'), 100, 50);
    expect(page).toHaveLength(50);
    expect(page.every((g) => g.lastName === 'Nováková')).toBe(true);
    expect(mirror.deskGuests.counts(view('jana35')).expected).toBe(12); // Jana35, Jana350..Jana359, Jana3500
  });
  it('finds whoever is still on site from an earlier day, by either way of reading', () => {
    const today = { ...view('schmidt'), withOnSite: true };
    // Olga checked in; Rita's check-in queued; Udo's invitation gone; Pia left, and Vera's check-out is queued.
    expect(mirror.deskGuests.counts(today)).toMatchObject({ expected: 5, onsite: 3, left: 0 });
    expect(
      mirror.deskGuests
        .page({ ...today, category: 'onsite' }, 0, 50)
        .map((g) => g.firstName)
        .sort(),
    ).toEqual(['Olga', 'Rita', 'Udo']);
    const many = { ...view('novakova'), withOnSite: true };
    expect(mirror.deskGuests.counts(many)).toMatchObject({ expected: 3_500, onsite: 1 });
  });
});
