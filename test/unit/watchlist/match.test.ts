/**
 * The watchlist's matching: a person is compared with every entry through an
 * index of the entries' name forms, with the lookup's folding, scripts and
 * typo tolerance, and scored; an entry matches at or above the threshold.
 */
import { describe, expect, it } from 'vitest';
import { createWatchlistIndex, type WatchlistEntry } from '../../../electron/core/watchlist/match.ts';

let nextId = 1;
const entry = (firstName: string | null, lastName: string, more: Partial<WatchlistEntry> = {}): WatchlistEntry => ({
  id: nextId++,
  firstName,
  lastName,
  companyName: null,
  email: null,
  note: null,
  action: 'deny',
  ...more,
});
const person = (firstName: string, lastName: string, more: { email?: string; companyName?: string } = {}) => ({
  firstName,
  lastName,
  email: more.email ?? null,
  companyName: more.companyName ?? null,
});

describe('a watchlist entry matches a person', () => {
  const muller = entry('Jürgen', 'Müller', { note: 'banned after the 2025 incident' });
  const solovyov = entry('Сергей', 'Соловьёв', { action: 'alert' });
  const wang = entry('超', '王');
  const index = createWatchlistIndex([muller, solovyov, wang, entry('Anna', 'Weber'), entry(null, 'Kowalczyk')]);
  const best = (p: ReturnType<typeof person>) => index.match(p, 0.85)[0];

  it('spelled with umlauts written out, or left off', () => {
    for (const typed of [person('Juergen', 'Mueller'), person('Jurgen', 'Muller'), person('JÜRGEN', 'MÜLLER')]) {
      const found = best(typed);
      expect(found?.entry.id).toBe(muller.id);
      expect(found!.score).toBeGreaterThanOrEqual(0.9);
    }
    const found = best(person('Juergen', 'Mueller'))!;
    expect(found.parts.map((p) => [p.entry, p.person, p.how])).toEqual([
      ['Jürgen', 'Juergen', 'spelling'],
      ['Müller', 'Mueller', 'spelling'],
    ]);
  });

  it('in another script: Cyrillic entries match Latin letters, Chinese ones pinyin', () => {
    expect(best(person('Sergei', 'Solovyov'))?.entry.id).toBe(solovyov.id);
    expect(best(person('Sergej', 'Solowjow'))?.entry.id).toBe(solovyov.id);
    expect(best(person('Sergei', 'Solovyov'))!.parts.every((p) => p.how === 'script')).toBe(true);
    expect(best(person('Chao', 'Wang'))?.entry.id).toBe(wang.id);
  });

  it('with one letter wrong, scored lower than a right spelling', () => {
    const typo = best(person('Jürgen', 'Müler'))!;
    expect(typo.entry.id).toBe(muller.id);
    expect(typo.parts.find((p) => p.entry === 'Müller')?.how).toBe('typo');
    expect(typo.score).toBeLessThan(best(person('Jürgen', 'Müller'))!.score);
  });

  it('with first and last name swapped', () => {
    expect(best(person('Müller', 'Jürgen'))?.entry.id).toBe(muller.id);
  });

  it('by email alone, whatever the name', () => {
    const byMail = createWatchlistIndex([entry('Jürgen', 'Müller', { email: 'JM@example.com' })]);
    const found = byMail.match(person('J.', 'M.', { email: 'jm@example.com' }), 0.85)[0];
    expect(found?.score).toBe(1);
    expect(found?.parts).toEqual([{ entry: 'JM@example.com', person: 'jm@example.com', how: 'email' }]);
  });

  it('an entry with a family name only matches that family name', () => {
    expect(best(person('Piotr', 'Kowalczyk'))?.entry.lastName).toBe('Kowalczyk');
  });

  it('but not another person of the same family name, nor a name that merely starts the same', () => {
    expect(best(person('Hans', 'Müller'))).toBeUndefined();
    expect(best(person('Jürgen', 'Müllerson'))).toBeUndefined();
    expect(best(person('Ann', 'Webster'))).toBeUndefined();
    expect(best(person('Sophie', 'Turner'))).toBeUndefined();
  });

  it('a different company lowers the score; the same one says so', () => {
    const withCompany = createWatchlistIndex([entry('Anna', 'Weber', { companyName: 'Acme GmbH' })]);
    const same = withCompany.match(person('Anna', 'Weber', { companyName: 'ACME GmbH' }), 0)[0]!;
    const other = withCompany.match(person('Anna', 'Weber', { companyName: 'Globex' }), 0)[0]!;
    expect(same.parts.at(-1)).toEqual({ entry: 'Acme GmbH', person: 'ACME GmbH', how: 'company' });
    expect(other.score).toBeLessThan(same.score);
  });

  it('the threshold decides: a typo in both names passes a low threshold only', () => {
    const typed = person('Jurgan', 'Mullar');
    expect(index.match(typed, 0.95)).toEqual([]);
    expect(index.match(typed, 0.8)[0]?.entry.id).toBe(muller.id);
  });
});
