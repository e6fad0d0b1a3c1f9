import { describe, expect, it } from 'vitest';
import { actionLabel, confirmationFor, otherDay } from '../../../renderer/src/features/desk/guest-days.ts';
import { arrivalsSentence, hourSpans } from '../../../renderer/src/features/desk/overview.ts';
import { formatClock, formatStamp } from '../../../renderer/src/lib/format.ts';

// 21:15 local time on Wed 25 Nov 2026: the desk's evening, when tomorrow's guests are already found by a search.
const now = new Date(2026, 10, 25, 21, 15).getTime();
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
const maria = { firstName: 'Maria', lastName: 'Popa', email: null };
/** A two-hour visit from `hour` on `day` of November 2026. */
const visit = (day: number, hour: number) => ({ startsAt: at(day, hour), endsAt: at(day, hour + 2) });

describe('another day on the desk', () => {
  it('names the day of a visit that is not today', () => {
    expect(otherDay(visit(25, 9), now)).toBeUndefined();
    expect(otherDay(visit(26, 9), now)).toBe('Tomorrow');
    expect(otherDay(visit(24, 9), now)).toBe('Yesterday');
    expect(otherDay(visit(27, 9), now)).toBe('Fri 27 Nov');
    expect(otherDay({ startsAt: null, endsAt: null }, now)).toBeUndefined();
    // Begun last night and still under way: the visit of the moment, not yesterday's.
    expect(otherDay({ startsAt: at(24, 23), endsAt: at(26, 2) }, now)).toBeUndefined();
  });

  it("asks before checking in a guest for another day's visit, and not for today's", () => {
    expect(confirmationFor('checkIn', { ...maria, category: 'expected', ...visit(26, 9) }, now)).toMatchObject({
      question: "Check in Maria Popa for tomorrow's visit?",
    });
    expect(confirmationFor('checkIn', { ...maria, category: 'expected', ...visit(27, 9) }, now)?.question).toBe(
      'Check in Maria Popa for the visit of Fri 27 Nov?',
    );
    expect(confirmationFor('checkIn', { ...maria, category: 'expected', ...visit(25, 20) }, now)).toBeUndefined();
  });

  it('says which undo a button is, and asks before undoing a check-in (not a check-out)', () => {
    expect(actionLabel('undo', { category: 'onsite' })).toBe('Undo check-in');
    expect(actionLabel('undo', { category: 'left' })).toBe('Undo check-out');
    const undo = confirmationFor('undo', { ...maria, category: 'onsite', ...visit(25, 9) }, now);
    expect(undo?.question).toBe('Undo the check-in of Maria Popa?');
    expect(undo?.detail).toMatch(/door PIN and cards are withdrawn/);
    expect(confirmationFor('undo', { ...maria, category: 'left', ...visit(25, 9) }, now)).toBeUndefined();
    expect(confirmationFor('checkOut', { ...maria, category: 'onsite', ...visit(24, 9) }, now)).toBeUndefined();
  });
});

describe('times on the desk', () => {
  it('reads the chart’s bars as sentences', () => {
    const from = new Date(2026, 10, 25).toISOString();
    const spans = hourSpans(from, 24);
    expect(spans[9]).toEqual(['09:00', '10:00']);
    expect(spans[23]).toEqual(['23:00', '00:00']);
    expect(arrivalsSentence(211, spans[9]!)).toBe('211 arrivals between 09:00 and 10:00');
    expect(arrivalsSentence(1, spans[14]!)).toBe('1 arrival between 14:00 and 15:00');
  });

  it('writes every time in one format (24-hour in the desk’s locale)', () => {
    const evening = new Date(2026, 10, 25, 21, 5).toISOString();
    expect(formatClock(evening)).toBe('21:05');
    expect(formatStamp(evening)).toBe('25 Nov 2026, 21:05');
  });
});
