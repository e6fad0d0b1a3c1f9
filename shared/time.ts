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

/*
 * The local day: one definition for the core, the hub, the kiosk and the
 * desk. A day runs from one local midnight to the next, 23 or 25 hours on the
 * days the clocks change, and is named "YYYY-MM-DD" (a date input's value).
 * It is the machine's (or the browser's) day unless a zone is named: an
 * IANA zone such as "Europe/Berlin", as a kiosk's settings may set one.
 */

interface WallDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** A formatter per zone: making one costs far more than using it. */
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

function zoneParts(time: number, timeZone: string): WallDate & { minute: number; second: number } {
  const parts = formatOf(timeZone).formatToParts(time);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `time`. */
function zoneOffset(time: number, timeZone: string): number {
  const w = zoneParts(time, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(time / 1000) * 1000;
}

/** The wall clock's date and hour at `time`, in the zone or this machine's. */
function wallDate(time: number, timeZone?: string): WallDate {
  if (timeZone) return zoneParts(time, timeZone);
  const date = new Date(time);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours() };
}

/** The instant of the midnight that begins a wall-clock date (the day may overflow: the 32nd is the next month's 1st). */
function midnightOf(year: number, month: number, day: number, timeZone?: string): number {
  if (!timeZone) return new Date(year, month - 1, day).getTime();
  const wall = Date.UTC(year, month - 1, day);
  // The offset at midnight may differ from the guess's (a change of the clocks that day): take it once more.
  const guess = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(guess, timeZone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of `time`, "YYYY-MM-DD". */
export function dayKey(time: number, timeZone?: string): string {
  const { year, month, day } = wallDate(time, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The local midnight that begins the day of `time`, or of the day `daysBack` days before it. */
export function localMidnight(time: number, daysBack = 0, timeZone?: string): number {
  const { year, month, day } = wallDate(time, timeZone);
  return midnightOf(year, month, day - daysBack, timeZone);
}

/** The local midnight that ends the day of `time`: when the next local day begins. */
export function nextLocalMidnight(time: number, timeZone?: string): number {
  const { year, month, day } = wallDate(time, timeZone);
  return midnightOf(year, month, day + 1, timeZone);
}

/** The instants a local day "YYYY-MM-DD" spans: from its midnight to the next. */
export function dayBounds(key: string, timeZone?: string): { from: number; to: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) throw new RangeError(`not a day: "${key}" (expected YYYY-MM-DD)`);
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return { from: midnightOf(year, month, day, timeZone), to: midnightOf(year, month, day + 1, timeZone) };
}

/** The wall clock's hour (0 to 23) at `time`: what a clock on the wall said then. */
export function clockHour(time: number, timeZone?: string): number {
  return wallDate(time, timeZone).hour;
}

/**
 * What the wall clock in `timeZone` read at `time`, as the instant at which a
 * UTC clock reads the same (a "floating" time): how a spreadsheet holds a
 * date and time, which have no zone. Offsets change only on quarter hours:
 * one is worked out per quarter hour and zone, so a file of 100,000 times
 * does not format each one.
 */
const offsets = new Map<string, number>();
export function wallClock(time: number, timeZone: string): number {
  const quarter = Math.floor(time / (15 * MINUTE));
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 10_000) offsets.clear();
    offset = zoneOffset(quarter * 15 * MINUTE, timeZone);
    offsets.set(key, offset);
  }
  return time + offset;
}

/** "2026-11-29 04:44:09": a moment on the zone's wall clock, as a spreadsheet reads a date and time typed in. */
export function wallStamp(time: number, timeZone: string): string {
  const text = new Date(wallClock(time, timeZone)).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}
