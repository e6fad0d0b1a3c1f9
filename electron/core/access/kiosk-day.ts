/**
 * "Today" at the kiosk: the local day at its location (shared/time.ts). A
 * kiosk finds guests of events that have not ended and start before the
 * local day ends, or within the early-arrival margin from now (a guest of
 * 00:30 at 23:00), and never a guest of a later day.
 */
import { MINUTE, nextLocalMidnight } from '../../../shared/time.ts';

export interface KioskDay {
  /** Events ending after this... */
  from: string;
  /** ...and starting before this. */
  to: string;
}

/** The kiosk's day at `now`, in its configured zone or else the machine's. */
export function kioskDay(now: number, settings: { timeZone: string | null; earlyArrivalMinutes: number }): KioskDay {
  const end = nextLocalMidnight(now, settings.timeZone ?? undefined);
  return {
    from: new Date(now).toISOString(),
    to: new Date(Math.max(end, now + settings.earlyArrivalMinutes * MINUTE)).toISOString(),
  };
}

export function isInKioskDay(guest: { startsAt: string | null; endsAt: string | null }, day: KioskDay): boolean {
  return !(guest.endsAt && guest.endsAt <= day.from) && !(guest.startsAt && guest.startsAt >= day.to);
}
