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

const at = '2026-11-22T10:00:00.000Z';
const guest = (id: number, firstName: string, lastName: string, locationId = 10) => ({
  id,
  createdAt: at,
  updatedAt: at,
  event: {
    id: locationId,
    name: 'Audit',
    startsAt: at,
    endsAt: '2026-11-22T12:00:00.000Z',
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
    ]),
  );
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
});
