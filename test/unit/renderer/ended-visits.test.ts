import { describe, expect, it } from 'vitest';
import { bulkQuestion, bulkResult, endedMark } from '../../../renderer/src/features/desk/ended-visits.ts';
import { evacuationPages } from '../../../renderer/src/features/desk/evacuation.ts';

/** A local moment on a fixed day: nothing here depends on the hour the tests run. */
const at = (hours: number, minutes = 0, day = 14) => new Date(2026, 4, day, hours, minutes).toISOString();
const now = Date.parse(at(21, 18));

describe('the mark of an ended visit', () => {
  it('says when the visit ended, in the desk’s time format, once it is more than an hour ago', () => {
    expect(endedMark({ endsAt: at(17) }, now)).toBe('visit ended 17:00');
    expect(endedMark({ endsAt: at(17, 0, 13) }, now)).toBe('visit ended yesterday 17:00');
    expect(endedMark({ endsAt: at(9, 30, 11) }, now)).toBe('visit ended 11 May 09:30');
    expect(endedMark({ endsAt: at(20, 30) }, now)).toBeUndefined();
    expect(endedMark({ endsAt: at(22) }, now)).toBeUndefined();
    expect(endedMark({ endsAt: null }, now)).toBeUndefined();
  });
});

describe('the evacuation list’s pages', () => {
  const guest = (lastName: string, visitEndedAt: string | null = null) => ({ firstName: 'A', lastName, visitEndedAt });

  it('puts whose visit ended long ago after the others, each part by name, and drops nobody', () => {
    const pages = evacuationPages(
      [guest('Zeller'), guest('Adler', at(17)), guest('Meyer'), guest('Bauer', at(9)), guest('Kuhn')],
      3,
    );
    expect(pages.map((p) => p.guests.map((g) => g.lastName))).toEqual([
      ['Kuhn', 'Meyer', 'Zeller'],
      ['Adler', 'Bauer'],
    ]);
    expect(pages.at(-1)).toMatchObject({ first: 4, last: 5 });
  });
});

describe('the bulk check-out’s words', () => {
  it('asks with the count and says what happened', () => {
    expect(bulkQuestion(12)).toBe('Check out 12 guests?');
    expect(bulkQuestion(1)).toBe('Check out 1 guest?');
    expect(bulkResult(12, [])).toBe('12 guests checked out.');
    expect(bulkResult(12, [], true)).toBe('Check-out of 12 guests undone.');
    expect(bulkResult(2, [{ reason: 'Ada cannot be checked out: the state is CHECKED_OUT' }])).toBe(
      '2 guests checked out; 1 was not (Ada cannot be checked out: the state is CHECKED_OUT).',
    );
  });
});
