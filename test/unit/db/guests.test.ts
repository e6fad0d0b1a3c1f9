/**
 * The guest read model on a mirror filled by hand: lookup (diacritics,
 * prefixes, scripts, email and company, hostile input) and the list by
 * category with the default and an unknown state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckIn, Contact, ReceptionInvitation } from '../../../shared/api/index.ts';
import { DEFAULT_FLOW } from '../../../shared/domain/flow.ts';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { toFtsQuery } from '../../../electron/core/db/repos/guests.ts';
import { HOUR, iso } from '../../../shared/time.ts';

const NOW = Date.parse('2032-06-15T09:00:00.000Z');
const WINDOW = { locationId: 10, from: iso(NOW - 24 * HOUR), to: iso(NOW + 7 * 24 * HOUR) };

type ContactFields = Omit<Contact, 'id' | 'createdAt' | 'updatedAt'>;

/** Guests: invitation id => contact fields (one contact per invitation). */
const GUESTS: Record<number, ContactFields> = {
  1: { firstName: 'Antonín', lastName: 'Dvořák', email: 'antonin@music.example' },
  2: { firstName: 'Thomas', lastName: 'Müller', email: 'tm@fc.example', companyName: 'FC Bayern' },
  3: { firstName: 'Zoë', lastName: 'Ørsted', email: 'zoe@acme.test' },
  4: { firstName: 'Ada', lastName: 'Lovelace', email: 'countess@analytical.example', companyName: 'Babbage & Co' },
  5: { firstName: 'Иван', lastName: 'Петров', email: 'ivan@example.ru' },
  6: { firstName: '小明', lastName: '王', email: 'wang@example.cn' },
  7: { firstName: 'Conan', lastName: "O'Brien", email: 'conan@tv.example' },
  8: { firstName: 'Acme', lastName: 'Visitor', companyName: 'Initech' },
  9: { firstName: 'Wile', lastName: 'Coyote', companyName: 'Acme Corporation' },
  // Expected, on site, left, and a state the default flow does not know:
  20: { firstName: 'Expected', lastName: 'Person' },
  21: { firstName: 'Onsite', lastName: 'Person' },
  22: { firstName: 'Left', lastName: 'Person' },
  23: { firstName: 'Held', lastName: 'Person' },
  // At another location, and outside the window:
  30: { firstName: 'Ada', lastName: 'Elsewhere' },
  31: { firstName: 'Ada', lastName: 'Lovelace-Past' },
};

function invitation(id: number, contact: ContactFields): ReceptionInvitation {
  const stamp = iso(NOW - 48 * HOUR);
  const startsAt = id === 31 ? NOW - 10 * 24 * HOUR : NOW + id * 60_000;
  return {
    id,
    createdAt: stamp,
    updatedAt: stamp,
    event: {
      id: 1000 + (id === 30 ? 30 : id === 31 ? 31 : 1),
      name: id === 30 ? 'Hamburg event' : id === 31 ? 'Past event' : 'Open day',
      startsAt: iso(startsAt),
      endsAt: iso(startsAt + 2 * HOUR),
      locationId: id === 30 ? 11 : 10,
      hostId: 100,
      createdAt: stamp,
      updatedAt: stamp,
    },
    contact: { id: 500 + id, ...contact, createdAt: stamp, updatedAt: stamp },
  };
}

let dir: string;
let mirror: Mirror;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'foyer-guests-'));
  mirror = openMirror(join(dir, 'mirror.db'));
  const checkIns: CheckIn[] = [
    {
      id: 21,
      state: 'CHECKED_IN',
      arrivedAt: iso(NOW - HOUR),
      birthdate: '1990-02-03',
      accessControl: { pin: '042517', cardNumbers: ['A1'] },
      trustedId: { type: 'PASSPORT', number: 'X1' },
      legitimation: { sourceId: 'inv-21' },
    },
    { id: 22, state: 'CHECKED_OUT', arrivedAt: iso(NOW - 2 * HOUR), leftAt: iso(NOW - HOUR) },
    // Checked in for an event ten days ago and never checked out.
    { id: 31, state: 'CHECKED_IN', arrivedAt: iso(NOW - 10 * 24 * HOUR) },
    { id: 23, state: 'ON_HOLD', arrivedAt: iso(NOW - HOUR) },
  ];
  mirror.transaction(() => {
    mirror.invitations.upsertMany(Object.entries(GUESTS).map(([id, contact]) => invitation(Number(id), contact)));
    mirror.checkIns.upsertMany(checkIns, 10);
  });
});
afterAll(() => {
  mirror?.close();
  rmSync(dir, { recursive: true, force: true });
});

const lookup = (text: string) => mirror.guests.lookup(text, { ...WINDOW, now: NOW }).map((g) => g.invitationId);

describe('lookup', () => {
  it.each([
    ['dvorak', 1],
    ['DVORAK', 1],
    ['Dvořák', 1],
    ['muller', 2],
    ['Müller', 2],
    ['ZOË', 3],
    ['zoe', 3],
    ['ØRSTED', 3],
  ])('ignores diacritics and case: %s', (text, id) => {
    expect(lookup(text)).toEqual([id]);
  });

  it('finds by prefix, mixed case and full name', () => {
    expect(lookup('lov')).toEqual([4]);
    expect(lookup('aDa LoV')).toEqual([4]);
    expect(lookup('Ada Lovelace')).toEqual([4]);
    expect(lookup('Lovelace Ada')).toEqual([4]);
    // Every word must match.
    expect(lookup('Ada Dvorak')).toEqual([]);
  });

  it('finds Cyrillic by prefix, in either case, and Chinese', () => {
    expect(lookup('ива')).toEqual([5]);
    expect(lookup('ИВАН')).toEqual([5]);
    expect(lookup('пет')).toEqual([5]);
    expect(lookup('王')).toEqual([6]);
    expect(lookup('小明')).toEqual([6]);
  });

  it('finds by email and by company', () => {
    expect(lookup('countess')).toEqual([4]);
    expect(lookup('countess@analytical.example')).toEqual([4]);
    expect(lookup('babbage')).toEqual([4]);
    expect(lookup('bayern')).toEqual([2]);
  });

  it('puts name matches before company matches', () => {
    // 'acme' is the first name of guest 8, and the company of guest 9 (and in zoe@acme.test).
    const found = lookup('acme');
    expect(found[0]).toBe(8);
    expect(found).toEqual(expect.arrayContaining([8, 9, 3]));
  });

  it('only shows guests of the location and window', () => {
    const adas = mirror.guests.lookup('ada', { ...WINDOW, now: NOW });
    expect(adas.map((g) => g.invitationId)).toEqual([4]);
    expect(adas[0]).toMatchObject({ eventName: 'Open day', locationId: 10, category: 'expected', state: 'EXPECTED' });
  });

  it.each([
    'O"Brien',
    "O'Brien",
    'a*b',
    'NEAR(',
    'NEAR(a b)',
    '"',
    '""',
    '*',
    'AND',
    'OR ada',
    'NOT',
    '-ada',
    '^ada',
    'ada:',
    'first_name:ada',
    '{ada}',
    '(',
    ')',
    'a + b',
    'lov*',
    '\\',
    "'; DROP TABLE contacts; --",
  ])('never throws on %j', (text) => {
    expect(() => lookup(text)).not.toThrow();
  });

  it('still finds through quotes and syntax characters', () => {
    expect(lookup('O"Brien')).toEqual([7]);
    expect(lookup("o'brien")).toEqual([7]);
    expect(lookup('"lovelace"')).toEqual([4]);
    expect(lookup('lov*')).toEqual([4]);
    expect(lookup('(ada)')).toEqual([4]);
    expect(mirror.db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(Object.keys(GUESTS).length);
  });

  it('looks in the columns it is given only (a kiosk: names, or emails once an @ is typed)', () => {
    const names = (text: string) =>
      mirror.guests.lookup(text, { ...WINDOW, now: NOW, columns: ['names'] }).map((g) => g.invitationId);
    const emails = (text: string) =>
      mirror.guests.lookup(text, { ...WINDOW, now: NOW, columns: ['email'] }).map((g) => g.invitationId);
    expect(lookup('initech')).toEqual([8]);
    expect(names('initech')).toEqual([]);
    expect(lookup('acme').toSorted()).toEqual([3, 8, 9]); // zoe@acme.test, Acme Visitor, Acme Corporation
    expect(names('acme')).toEqual([8]);
    expect(names('ada lovelace')).toEqual([4]);
    expect(names('babbage')).toEqual([]);
    expect(emails('countess@analytical')).toEqual([4]);
    expect(emails('zoe@')).toEqual([3]);
  });

  it('returns nothing for empty or separator-only text, and respects the limit', () => {
    expect(lookup('')).toEqual([]);
    expect(lookup('   ')).toEqual([]);
    expect(lookup('"*()')).toEqual([]);
    expect(toFtsQuery('  ')).toBeNull();
    expect(mirror.guests.lookup('person', { ...WINDOW, now: NOW, limit: 2 })).toHaveLength(2);
  });
});

describe('list by category', () => {
  it('sorts guests into expected, onsite, left and other with the default flow', () => {
    const ids = (category: 'expected' | 'onsite' | 'left' | 'other') =>
      mirror.guests.list({ ...WINDOW, category }).map((g) => g.invitationId);
    expect(ids('onsite')).toEqual([21]);
    expect(ids('left')).toEqual([22]);
    expect(ids('other')).toEqual([23]);
    expect(ids('expected')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 20]);
    const all = mirror.guests.list(WINDOW);
    expect(all).toHaveLength(13);
    expect(all.map((g) => g.invitationId)).not.toContain(30);
    expect(all.map((g) => g.invitationId)).not.toContain(31);
  });

  it('shows an unknown state by its raw name, as other', () => {
    const held = mirror.guests.list(WINDOW).find((g) => g.invitationId === 23);
    expect(held).toMatchObject({ state: 'ON_HOLD', category: 'other', firstName: 'Held', arrivedAt: iso(NOW - HOUR) });
    const left = mirror.guests.byId(22);
    expect(left).toMatchObject({ state: 'CHECKED_OUT', category: 'left', leftAt: iso(NOW - HOUR) });
  });

  it('follows a configured flow', () => {
    const flow = { ...DEFAULT_FLOW, initialState: 'INVITED', expected: ['INVITED'], onsite: ['CHECKED_IN', 'ON_HOLD'] };
    const onsite = mirror.guests.list({ ...WINDOW, category: 'onsite', flow });
    expect(onsite.map((g) => g.invitationId)).toEqual([21, 23]);
    const expected = mirror.guests.list({ ...WINDOW, category: 'expected', flow });
    expect(expected).toHaveLength(10);
    expect(expected.every((g) => g.state === 'INVITED')).toBe(true);
  });
});

describe('everyone on site', () => {
  it('lists who is checked in at the location, also outside the window of the lists', () => {
    expect(mirror.guests.list({ ...WINDOW, category: 'onsite' }).map((g) => g.invitationId)).toEqual([21]);
    const onSite = mirror.guests.onSite(10);
    expect(onSite.map((g) => [g.invitationId, g.state])).toEqual([
      [31, 'CHECKED_IN'], // Lovelace-Past
      [21, 'CHECKED_IN'], // Person
    ]);
    expect(mirror.guests.onSite(11)).toEqual([]);
  });
});

describe('details of one guest', () => {
  it('says whether there is a PIN (given as text only when asked), the birthdate of the check-in, and its JSON parts', () => {
    expect(mirror.deskGuests.details(21)).toMatchObject({
      birthdate: '1990-02-03',
      hasPin: true,
      trustedId: { type: 'PASSPORT', number: 'X1' },
      legitimation: { sourceId: 'inv-21' },
    });
    expect(mirror.guests.details(21).tappedAt).toBeNull(); // checked in by the service, not tapped here
    expect(JSON.stringify(mirror.deskGuests.details(21))).not.toContain('042517');
    expect(mirror.deskGuests.pin(21)).toBe('042517');
  });
  it('has nothing but nulls for a guest who was never checked in, or an unknown id', () => {
    const nothing = { birthdate: null, pin: null, trustedId: null, legitimation: null, tappedAt: null };
    expect(mirror.guests.details(20)).toEqual(nothing);
    expect(mirror.guests.details(999)).toEqual(nothing);
    const none = {
      birthdate: null,
      hasPin: false,
      trustedId: null,
      legitimation: null,
      accessControl: null,
      customFields: null,
    };
    expect(mirror.deskGuests.details(20)).toEqual(none);
    expect(mirror.deskGuests.details(999)).toEqual(none);
    expect(mirror.deskGuests.pin(20)).toBeNull();
  });
});
