/**
 * Units of time and the one timestamp form, for the core, the service and the
 * renderer alike (no Node modules here).
 */

/** Units of time in milliseconds, the unit of `Date.now()`. */
export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * A moment as the client and the service store and send it: ISO 8601, UTC,
 * with milliseconds (`2026-11-21T09:30:00.000Z`). Being of one length and one
 * zone, such stamps sort and compare as text, which the SQL of both relies on.
 */
export const iso = (time: number | Date): string => new Date(time).toISOString();

/** The local midnight that begins the day of `time`, or of the day `daysBack` days before it (a day of 23 or 25 hours included). */
export function localMidnight(time: number, daysBack = 0): number {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() - daysBack);
  return day.getTime();
}
