import { describe, expect, it } from 'vitest';
import { Config, setConfigValue } from '../../../electron/core/config/config.ts';
import {
  autoCheckOutDue,
  endedVisitsLast,
  localDayKey,
  visitEnded,
  visitEndedLongAgo,
} from '../../../shared/domain/visit-end.ts';

/** A local moment on a fixed day, so that nothing here depends on the hour the tests run. */
const at = (hours: number, minutes = 0, day = 14) => new Date(2026, 4, day, hours, minutes).getTime();
const guest = (name: string, endsAt: number | null) => ({
  name,
  endsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
});

describe('ended visits', () => {
  const now = at(21, 18);

  it('has ended at its end, and ended long ago an hour after it; a visit with no end never has', () => {
    expect(visitEnded(guest('a', now), now)).toBe(true);
    expect(visitEnded(guest('a', now + 1), now)).toBe(false);
    expect(visitEndedLongAgo(guest('a', now - 60 * 60_000), now)).toBe(true);
    expect(visitEndedLongAgo(guest('a', now - 59 * 60_000), now)).toBe(false);
    expect(visitEnded(guest('a', null), now)).toBe(false);
    expect(visitEndedLongAgo(guest('a', null), now)).toBe(false);
  });

  it('lists those whose visit ended more than an hour ago after the others, each part in its order, dropping nobody', () => {
    const list = [
      guest('Abel (ended 17:00)', at(17)),
      guest('Berg (until 22:00)', at(22)),
      guest('Cole (ended yesterday)', at(17, 0, 13)),
      guest('Dorn (no end)', null),
      guest('Eck (ended 20:30, within the hour)', at(20, 30)),
    ];
    expect(endedVisitsLast(list, now).map((g) => g.name)).toEqual([
      'Berg (until 22:00)',
      'Dorn (no end)',
      'Eck (ended 20:30, within the hour)',
      'Abel (ended 17:00)',
      'Cole (ended yesterday)',
    ]);
    expect(endedVisitsLast([], now)).toEqual([]);
  });
});

describe('autoCheckOut: when the day is due', () => {
  it('is never due when off', () => {
    expect(autoCheckOutDue('off', at(23, 59), undefined)).toBeUndefined();
  });

  it('is due once the time has passed, once per local day', () => {
    expect(autoCheckOutDue('03:00', at(2, 59), undefined)).toBeUndefined();
    expect(autoCheckOutDue('03:00', at(3, 0), undefined)).toBe('2026-05-14');
    expect(autoCheckOutDue('03:00', at(3, 1), '2026-05-14')).toBeUndefined();
    expect(autoCheckOutDue('03:00', at(2, 0, 15), '2026-05-14')).toBeUndefined();
    expect(autoCheckOutDue('03:00', at(3, 0, 15), '2026-05-14')).toBe('2026-05-15');
  });

  it('is due at once for a Foyer started after the time (a PC switched on in the morning)', () => {
    expect(autoCheckOutDue('03:00', at(8, 15), '2026-05-12')).toBe('2026-05-14');
  });

  it('does not make up an earlier day: a late time is due on its own day only', () => {
    expect(autoCheckOutDue('23:00', at(8, 0, 15), '2026-05-13')).toBeUndefined();
    expect(localDayKey(at(0, 0, 1))).toBe('2026-05-01');
  });
});

describe('the autoCheckOut setting', () => {
  const set = (text: string) => setConfigValue(Config.parse({}), 'autoCheckOut', text).autoCheckOut;

  it('is off by default', () => {
    expect(Config.parse({}).autoCheckOut).toBe('off');
  });

  it('takes HH:MM and off, as a person types them', () => {
    expect(set('23:00')).toBe('23:00');
    expect(set('3:05')).toBe('03:05');
    expect(set('OFF')).toBe('off');
  });

  it('refuses anything else, saying what to write', () => {
    for (const bad of ['24:00', '12:60', '2300', 'midnight', '7'])
      expect(() => set(bad), bad).toThrow(/autoCheckOut: a local time as HH:MM.*or off/);
  });
});
