/**
 * The local day (shared/time.ts) as a desk in Berlin lives it: this file runs
 * under TZ=Europe/Berlin, where the clocks spring forward on 29 March 2026
 * (a day of 23 hours, no 02:00) and fall back on 25 October 2026 (25 hours,
 * 02:00 twice). The arrivals chart names its hours by the clock on those days
 * too, and a desk left open over midnight moves on to the new day.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { dayAfterRollover, dayRange } from '../../../renderer/src/features/desk/guest-lists.ts';
import { arrivalsSummary, hourLabels } from '../../../renderer/src/features/desk/overview.ts';
import {
  dayBounds,
  dayKey,
  HOUR,
  localMidnight,
  MINUTE,
  nextLocalMidnight,
  wallClock,
  wallStamp,
} from '../../../shared/time.ts';

// Node reads TZ again when it is set; the dates below are computed in the tests, after this.
vi.stubEnv('TZ', 'Europe/Berlin');
afterAll(() => void vi.unstubAllEnvs());

const at = (text: string) => Date.parse(text);

describe('the local day in Berlin', () => {
  it('runs this file in Berlin time', () => {
    expect(new Date(at('2026-03-29T08:29:00Z')).getHours()).toBe(10);
  });

  it('has 23 hours when the clocks spring forward, 25 when they fall back, 24 otherwise', () => {
    const hours = (key: string) => {
      const { from, to } = dayBounds(key);
      return (to - from) / HOUR;
    };
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-03-10')).toBe(24);
    expect(new Date(dayBounds('2026-03-29').from).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(dayBounds('2026-10-25').to).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it("is the same day whether read in the machine's zone or in the zone named", () => {
    for (const start of ['2026-03-28T00:00:00Z', '2026-10-24T00:00:00Z'])
      for (let time = at(start); time < at(start) + 3 * 24 * HOUR; time += 15 * MINUTE) {
        expect(dayKey(time), new Date(time).toISOString()).toBe(dayKey(time, 'Europe/Berlin'));
        expect(localMidnight(time)).toBe(localMidnight(time, 0, 'Europe/Berlin'));
        expect(localMidnight(time, 1)).toBe(localMidnight(time, 1, 'Europe/Berlin'));
        expect(nextLocalMidnight(time)).toBe(nextLocalMidnight(time, 'Europe/Berlin'));
        expect(dayBounds(dayKey(time)).to).toBe(nextLocalMidnight(time));
      }
  });

  it('turns at midnight, not an hour early or late, on the days the clocks change too', () => {
    for (const key of ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-25', '2026-10-26']) {
      const { from } = dayBounds(key);
      expect(dayKey(from)).toBe(key);
      expect(dayKey(from - 1)).not.toBe(key);
      expect(new Date(from).getHours()).toBe(0);
    }
  });
});

describe('the arrivals chart on the days the clocks change', () => {
  let dir: string;
  let mirror: ReturnType<typeof openMirror>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'foyer-local-day-'));
    mirror = openMirror(join(dir, 'mirror.db'));
  });
  afterAll(() => {
    mirror?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The chart's hours and what its text says, for one check-in at `arrivedAt`, as the desk draws them. */
  function chartOf(day: string, id: number, arrivedAt: string) {
    mirror.checkIns.upsertMany([{ id, state: 'CHECKED_IN', arrivedAt }], 10);
    const { from, to } = dayRange(day);
    const { arrivalsPerHour } = mirror.deskGuests.overview(10, from, to);
    const labels = hourLabels(from, arrivalsPerHour.length);
    return { labels, summary: arrivalsSummary(arrivalsPerHour, labels) };
  }

  it('shows a 10:29 check-in of 29 March under 10:00, with no 02:00 that day', () => {
    const { labels, summary } = chartOf('2026-03-29', 1, '2026-03-29T08:29:00.000Z');
    expect(labels).toHaveLength(23);
    expect(labels.slice(0, 4)).toEqual(['00', '01', '03', '04']);
    expect(labels.at(-1)).toBe('23');
    expect(summary).toBe('10:00 1. Busiest hour 10:00 with 1.');
  });

  it('shows a 10:29 check-in of 25 October under 10:00, with 02:00 twice that day', () => {
    const { labels, summary } = chartOf('2026-10-25', 2, '2026-10-25T09:29:00.000Z');
    expect(labels).toHaveLength(25);
    expect(labels.slice(0, 5)).toEqual(['00', '01', '02', '02', '03']);
    expect(summary).toBe('10:00 1. Busiest hour 10:00 with 1.');
  });

  it('names every hour of an ordinary day as before', () => {
    const { labels, summary } = chartOf('2026-03-10', 3, '2026-03-10T09:29:00.000Z');
    expect(labels).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    expect(summary).toBe('10:00 1. Busiest hour 10:00 with 1.');
  });
});

describe('a desk left open over midnight', () => {
  afterEach(() => void vi.useRealTimers());

  it('sees the new day at midnight by its clock, and moves on from the day that was today', () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 28, 23, 59, 59) });
    const before = dayKey(Date.now());
    vi.advanceTimersByTime(1000);
    const after = dayKey(Date.now());
    expect([before, after]).toEqual(['2026-03-28', '2026-03-29']);
    // The desk's timer is set for the next midnight; it is the spring's 23-hour day that follows.
    expect(nextLocalMidnight(Date.now()) - Date.now()).toBe(23 * HOUR);
    expect(dayAfterRollover(before, before, after)).toBe('2026-03-29');
  });

  it('keeps a day the receptionist chose', () => {
    expect(dayAfterRollover('2026-03-20', '2026-03-28', '2026-03-29')).toBe('2026-03-20');
    expect(dayAfterRollover('2026-03-29', '2026-03-28', '2026-03-29')).toBe('2026-03-29');
  });
});

describe("a moment on a named zone's wall clock (the exports made for a spreadsheet)", () => {
  it("reads the zone's clock, whatever this machine's, on both sides of a change of the clocks", () => {
    // 00:59:59 and 01:00:00 UTC on 29 March 2026: 01:59:59 CET, then 03:00:00 CEST in Berlin.
    expect(wallStamp(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/Berlin')).toBe('2026-03-29 01:59:59');
    expect(wallStamp(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/Berlin')).toBe('2026-03-29 03:00:00');
    // Falling back: 01:30 UTC is 02:30 CET, after 00:30 UTC was 02:30 CEST.
    expect(wallStamp(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(wallStamp(Date.UTC(2026, 9, 25, 1, 30), 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    // A zone of half hours and one east of the date line.
    expect(wallStamp(Date.UTC(2026, 0, 1, 20, 0, 1), 'Asia/Kolkata')).toBe('2026-01-02 01:30:01');
    expect(wallStamp(Date.UTC(2026, 0, 1, 12, 0), 'Pacific/Kiritimati')).toBe('2026-01-02 02:00:00');
    // As a spreadsheet's date: the wall clock read as if it were UTC.
    expect(new Date(wallClock(Date.UTC(2026, 6, 1, 12, 0), 'America/New_York')).toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
  });
});
