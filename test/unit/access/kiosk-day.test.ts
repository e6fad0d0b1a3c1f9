/** "Today" at the kiosk: the local day of its zone (shared/time.ts), early arrivals within the margin, never a later day. */
import { describe, expect, it } from 'vitest';
import { isInKioskDay, kioskDay } from '../../../electron/core/access/kiosk-day.ts';
import { nextLocalMidnight } from '../../../shared/time.ts';

const at = (text: string) => Date.parse(text);
const event = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });

describe('the kiosk day', () => {
  it('ends at the next local midnight of the zone', () => {
    expect(new Date(nextLocalMidnight(at('2026-11-24T11:00:00Z'), 'UTC')).toISOString()).toBe(
      '2026-11-25T00:00:00.000Z',
    );
    expect(new Date(nextLocalMidnight(at('2026-11-24T11:00:00Z'), 'Europe/Berlin')).toISOString()).toBe(
      '2026-11-24T23:00:00.000Z',
    );
    // 23:30 UTC is already the 25th in Berlin
    expect(new Date(nextLocalMidnight(at('2026-11-24T23:30:00Z'), 'Europe/Berlin')).toISOString()).toBe(
      '2026-11-25T23:00:00.000Z',
    );
    expect(new Date(nextLocalMidnight(at('2026-11-24T20:00:00Z'), 'Asia/Shanghai')).toISOString()).toBe(
      '2026-11-25T16:00:00.000Z',
    );
    expect(new Date(nextLocalMidnight(at('2026-11-24T20:00:00Z'), 'America/New_York')).toISOString()).toBe(
      '2026-11-25T05:00:00.000Z',
    );
  });

  it('knows days of 23 and 25 hours (daylight saving time)', () => {
    // Berlin springs forward on 2026-03-29 and falls back on 2026-10-25
    expect(new Date(nextLocalMidnight(at('2026-03-29T10:00:00Z'), 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(new Date(nextLocalMidnight(at('2026-10-25T10:00:00Z'), 'Europe/Berlin')).toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });

  it("finds today's running and later events, never tomorrow's, and early arrivals within the margin", () => {
    const now = at('2026-11-24T22:00:00Z'); // 23:00 in Berlin
    const day = kioskDay(now, { timeZone: 'Europe/Berlin', earlyArrivalMinutes: 120 });
    expect(isInKioskDay(event('2026-11-24T21:00:00Z', '2026-11-24T22:30:00Z'), day)).toBe(true); // under way
    expect(isInKioskDay(event('2026-11-24T08:00:00Z', '2026-11-24T21:00:00Z'), day)).toBe(false); // over
    expect(isInKioskDay(event('2026-11-23T08:00:00Z', '2026-11-26T17:00:00Z'), day)).toBe(true); // several days
    expect(isInKioskDay(event('2026-11-24T23:30:00Z', '2026-11-25T02:00:00Z'), day)).toBe(true); // 00:30: early
    expect(isInKioskDay(event('2026-11-25T08:00:00Z', '2026-11-25T10:00:00Z'), day)).toBe(false); // tomorrow 9:00
    const strict = kioskDay(now, { timeZone: 'Europe/Berlin', earlyArrivalMinutes: 0 });
    expect(isInKioskDay(event('2026-11-24T23:30:00Z', '2026-11-25T02:00:00Z'), strict)).toBe(false);
  });

  it('in the morning, the whole local day and nothing of the next', () => {
    const now = at('2026-11-24T07:00:00Z'); // 08:00 in Berlin
    const day = kioskDay(now, { timeZone: 'Europe/Berlin', earlyArrivalMinutes: 120 });
    expect(isInKioskDay(event('2026-11-24T21:00:00Z', '2026-11-24T22:00:00Z'), day)).toBe(true); // 22:00 tonight
    expect(isInKioskDay(event('2026-11-24T23:00:00Z', '2026-11-25T01:00:00Z'), day)).toBe(false); // midnight
  });
});
