/**
 * "Today" at the kiosk: the local day at its location. A kiosk finds guests
 * of events that have not ended and start before the local day ends, or
 * within the early-arrival margin from now (a guest of 00:30 at 23:00), and
 * never a guest of a later day.
 */

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

/** Milliseconds the zone's wall clock is ahead of UTC at `at`. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = formatOf(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

let machineZone: string | undefined;
/** The machine's zone when none is configured (read once: the kiosk restarts when its machine moves). */
export const machineTimeZone = () => (machineZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The instant the local day of `now` ends (the next local midnight) in the zone. */
export function endOfLocalDay(now: number, timeZone: string): number {
  const wall = new Date(now + zoneOffset(now, timeZone));
  const nextMidnightWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1);
  // The offset at midnight may differ from now's (a DST change today): take it at the guess, then once more.
  let end = nextMidnightWall - zoneOffset(nextMidnightWall, timeZone);
  end = nextMidnightWall - zoneOffset(end, timeZone);
  return end;
}

export interface KioskDay {
  /** Events ending after this... */
  from: string;
  /** ...and starting before this. */
  to: string;
}

export function kioskDay(now: number, settings: { timeZone: string | null; earlyArrivalMinutes: number }): KioskDay {
  const end = endOfLocalDay(now, settings.timeZone ?? machineTimeZone());
  return {
    from: new Date(now).toISOString(),
    to: new Date(Math.max(end, now + settings.earlyArrivalMinutes * 60_000)).toISOString(),
  };
}

export function isInKioskDay(guest: { startsAt: string | null; endsAt: string | null }, day: KioskDay): boolean {
  return !(guest.endsAt && guest.endsAt <= day.from) && !(guest.startsAt && guest.startsAt >= day.to);
}
