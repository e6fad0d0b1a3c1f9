/**
 * Finding every guest as they would type their name, on the repository:
 * German umlauts typed as ue/oe, Turkish dotless i, ё typed as е, Cyrillic
 * names typed in Latin letters (and the other way round), Chinese names by
 * character and in pinyin, a single Chinese character, and typos; the best
 * match first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ReceptionInvitation } from '../../../shared/api/index.ts';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { HOUR, iso } from '../../../shared/time.ts';
import { createNameKeys, nameKey, typedWords } from '../../../electron/core/lookup/keys.ts';
import { MATCH, scoreName } from '../../../electron/core/lookup/rank.ts';

const NOW = Date.parse('2032-06-15T09:00:00.000Z');
const WINDOW = { locationId: 10, from: iso(NOW - HOUR), to: iso(NOW + 12 * HOUR), now: NOW };

const GUESTS: Record<number, Pick<Contact, 'firstName' | 'lastName' | 'email' | 'companyName'>> = {
  1: { firstName: 'Thomas', lastName: 'Müller', email: 'thomas.mueller@kranich.test', companyName: 'Kranich AG' },
  2: { firstName: 'Jörg', lastName: 'Schmidt', email: 'js@kranich.test', companyName: 'Kranich AG' },
  3: { firstName: 'Mehmet', lastName: 'Kılıç', email: 'mk@anadolu.test' },
  4: { firstName: 'Артём', lastName: 'Соловьёв', email: 'a.solovyov@volga.test' },
  5: { firstName: 'Иван', lastName: 'Лебедев', email: 'lebedev@volga.test' },
  6: { firstName: '超', lastName: '王', email: 'wang.chao@example.cn' },
  7: { firstName: '伟', lastName: '张', email: 'zhang.wei@example.cn' },
  8: { firstName: 'Anna', lastName: 'Miller', email: 'anna@miller.test' },
  9: { firstName: 'Dörte', lastName: 'Weiß', email: 'dw@example.test' },
  10: { firstName: 'Sean', lastName: "O'Connor", email: 'sean@example.test' },
  11: { firstName: 'Lucía', lastName: 'Muñoz', email: 'lm@example.test' },
  12: { firstName: 'Zuzana', lastName: 'Dvořáková', email: 'zd@example.test' },
  13: { firstName: 'Ștefan', lastName: 'Țurcanu', email: 'st@example.test' },
  14: { firstName: '子轩', lastName: '张', email: 'zzx@example.cn' },
  15: { firstName: 'Ирина', lastName: 'Лебедева', email: 'il@volga.test' },
};

function invitation(id: number): ReceptionInvitation {
  const stamp = iso(NOW - 48 * HOUR);
  return {
    id,
    createdAt: stamp,
    updatedAt: stamp,
    event: {
      id: 1000,
      name: 'Open day',
      startsAt: iso(NOW + id * 60_000),
      endsAt: iso(NOW + 4 * HOUR),
      locationId: 10,
      hostId: 100,
      createdAt: stamp,
      updatedAt: stamp,
    },
    contact: { id: 500 + id, ...GUESTS[id], createdAt: stamp, updatedAt: stamp },
  };
}

let dir: string;
let mirror: Mirror;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'foyer-spellings-'));
  mirror = openMirror(join(dir, 'mirror.db'));
  mirror.transaction(() => mirror.invitations.upsertMany(Object.keys(GUESTS).map((id) => invitation(Number(id)))));
});
afterAll(() => {
  mirror?.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = (text: string, limit = 5) =>
  mirror.guests.lookup(text, { ...WINDOW, limit, columns: ['names'], fuzzy: true }).map((g) => g.invitationId);

describe('every guest as they would type their name', () => {
  it.each([
    ['Mueller', 1],
    ['mueller', 1],
    ['Muller', 1],
    ['Thomas Mueller', 1],
    ['joerg', 2],
    ['Joerg Schmidt', 2],
    ['Jorg', 2],
    ['Kilic', 3],
    ['KILIC', 3],
    ['kılıç', 3],
    ['Соловьев', 4],
    ['соловьёв', 4],
    ['Solovyov', 4],
    ['Solovev', 4],
    ['Soloviev', 4],
    ['Solowjow', 4],
    ['Artyom Solovyov', 4],
    ['Artem', 4],
    ['Lebedev', 5],
    ['Ivan Lebedev', 5],
    ['王超', 6],
    ['王 超', 6],
    ['Wang Chao', 6],
    ['wangchao', 6],
    ['Chao Wang', 6],
    ['Zhang Wei', 7],
    ['伟', 7],
    ['Doerte Weiss', 9],
    ['weiss', 9],
    ['oconnor', 10],
    ["O'Connor", 10],
    ['Munoz', 11],
    ['dvorakova', 12],
    ['Stefan Turcanu', 13],
    ['Zixuan', 14],
    ['Zhang Zi Xuan', 14],
    ['张子轩', 14],
  ])('%s finds guest %i first', (text, id) => {
    expect(names(text)[0]).toBe(id);
  });

  it('"Zhang" and 张 find every guest of that family name, and a single character is enough', () => {
    expect(names('Zhang').toSorted((a, b) => a - b)).toEqual([7, 14]);
    expect(names('张').toSorted((a, b) => a - b)).toEqual([7, 14]);
    expect(names('王')).toEqual([6]);
    expect(names('超')).toEqual([6]);
  });

  it('a Cyrillic name is found typed in Latin, and a Latin name typed in Cyrillic', () => {
    expect(
      names('Lebedev')
        .slice(0, 2)
        .toSorted((a, b) => a - b),
    ).toEqual([5, 15]);
    expect(names('Lebedeva')[0]).toBe(15);
    expect(names('Мюллер')[0]).toBe(1);
  });

  it('tolerates a letter wrong, missing, extra or swapped', () => {
    expect(names('Miler Anna')).toEqual([8]);
    expect(names('Muler')[0]).toBe(1);
    expect(names('Mülller')[0]).toBe(1);
    expect(names('Shcmidt')[0]).toBe(2);
    expect(names('Solovyoff')[0]).toBe(4);
    expect(names('Dvorakovva')[0]).toBe(12);
  });

  it('ranks the exact name first, then the start of a name, then another spelling, then typos', () => {
    // Miller is Anna Miller's own name; Müller is one letter away.
    expect(names('Miller')).toEqual([8, 1]);
    // Lebedev is exactly Ivan's name (transliterated), and the start of Irina's.
    expect(names('Lebedev')).toEqual([5, 15]);
    // Typed in Cyrillic: Irina's own name, then Ivan's, one letter away.
    expect(names('Лебедева')).toEqual([15, 5]);
  });

  it("finds no one for text that is no one's name, and nobody by company or email in the names", () => {
    expect(names('Xylophon')).toEqual([]);
    expect(names('Kranich')).toEqual([]);
    expect(names('kranich.test')).toEqual([]);
  });

  it('keeps the lookup key of a renamed contact current', () => {
    const renamed = invitation(3);
    const stamp = iso(NOW - HOUR);
    mirror.transaction(() =>
      mirror.invitations.upsertMany([
        { ...renamed, updatedAt: stamp, contact: { ...renamed.contact, lastName: 'Çelik', updatedAt: stamp } },
      ]),
    );
    expect(names('Celik')).toEqual([3]);
    expect(names('Kilic')).not.toContain(3);
  });
});

describe('the typo stage after the guests changed', () => {
  it('finds a renamed guest by a misspelling of the new name once the day was read again, never by the old', async () => {
    const before = invitation(2);
    const stamp = iso(NOW - HOUR / 2);
    expect(names('Shcmidt')[0]).toBe(2); // the day is in memory now
    mirror.transaction(() =>
      mirror.invitations.upsertMany([
        { ...before, updatedAt: stamp, contact: { ...before.contact, lastName: 'Zimmermann', updatedAt: stamp } },
      ]),
    );
    // At once: the old name, misspelt, finds nobody (whatever the memory still holds)...
    expect(names('Shcmidt')).not.toContain(2);
    // ...and right after that answer the day is read again, so the new name is found misspelt too.
    await new Promise((resolve) => setImmediate(resolve));
    expect(names('Zimmremann')[0]).toBe(2);
    expect(names('Shcmidt')).not.toContain(2);
  });
});

describe('finding by email at the kiosk', () => {
  const email = (text: string) => mirror.guests.lookupEmail(text, WINDOW).map((g) => g.invitationId);
  it('finds a guest by the whole email, case aside, or with one typo', () => {
    expect(email('thomas.mueller@kranich.test')).toEqual([1]);
    expect(email('Thomas.Mueller@Kranich.TEST ')).toEqual([1]);
    expect(email('thomas.muller@kranich.test')).toEqual([1]);
  });
  it.each(['@t', '@kranich', 'kranich.test', '@kranich.test', 'thomas@', 'thomas.mueller@kranich', 'js@kr.test'])(
    '%s lists nobody',
    (text) => {
      expect(email(text)).toEqual([]);
    },
  );
});

describe('ranking from the stored lookup key', () => {
  // Ranking takes a guest's other spellings from the key the mirror stores (read with the guest)
  // instead of transliterating every name a short prefix finds again.
  const stored = (contactId: number) =>
    mirror.db
      .prepare('SELECT first_name AS firstName, last_name AS lastName, name_key AS nameKey FROM contacts WHERE id = ?')
      .get(500 + contactId) as { firstName: string | null; lastName: string | null; nameKey: string | null };
  const score = (text: string, contactId: number) => scoreName(typedWords(text), stored(contactId)).score;
  it('scores the own spelling as exact and the other ones as transliterated', () => {
    expect(stored(4).nameKey).toBe(nameKey('Артём', 'Соловьёв'));
    expect(score('Соловьёв', 4)).toBe(MATCH.exact);
    expect(score('Solovyov', 4)).toBe(MATCH.transliterated);
    expect(score('Solow', 4)).toBe(MATCH.transliteratedPrefix);
    expect(score('王', 6)).toBe(MATCH.exact);
    expect(score('wang', 6)).toBe(MATCH.transliterated);
    // The pinyin typed as one word, family name first, as the index finds it.
    expect(score('wangchao', 6)).toBe(MATCH.transliterated);
    expect(score('Zixuan', 14)).toBe(MATCH.transliterated);
    expect(score('oconnor', 10)).toBe(MATCH.transliterated);
    expect(score('Mueller', 1)).toBe(MATCH.exact);
    expect(score('Mül', 1)).toBe(MATCH.prefix);
  });
  it('computes the key when the guest was read without it', () => {
    const { firstName, lastName } = stored(4);
    expect(scoreName(typedWords('Solovyov'), { firstName, lastName }).score).toBe(MATCH.transliterated);
  });
});

describe('lookup keys for a stream of guests', () => {
  it('are the keys nameKey makes, whatever was remembered before and after a memory starts afresh', () => {
    const names: [string | null, string | null][] = [
      ['Артём', 'Соловьёв'],
      ['Соловьёв', 'Артём'], // the same parts as the other name: a family name's tokens differ from a given name's
      ['超', '王'],
      ['子轩', '王'],
      ['王', '超'],
      ['Seán', "O'Connor"],
      ['Jürgen', 'Müller-Lüdenscheidt'],
      [null, 'Müller'],
      ['', 'Müller'],
      ['Müller', null],
      [null, null],
      ['Артём', 'Соловьёв'],
    ];
    for (const size of [2, 20_000]) {
      const keys = createNameKeys(size);
      for (const [first, last] of [...names, ...names]) expect(keys.of(first, last)).toBe(nameKey(first, last));
    }
  });
});
