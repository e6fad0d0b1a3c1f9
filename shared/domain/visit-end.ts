/**
 * When a visit has ended, and the daily automatic check-out's time. Shared by
 * the core, the desk and the evacuation screens so that each marks and orders
 * the same guests. Plain TypeScript (no zod): the renderer bundles it.
 */
import { HOUR, MINUTE } from '../time.ts';

/** A guest still on site this long after their visit's end is marked "visit ended 17:00" and listed last. */
export const ENDED_MARK_AFTER_MS = HOUR;

interface Visit {
  endsAt: string | null;
}

/** Whether the visit has ended at `now` (a visit with no known end never has). */
export function visitEnded(guest: Visit, now: number): boolean {
  const end = guest.endsAt ? Date.parse(guest.endsAt) : NaN;
  return end <= now;
}

/** Whether the visit ended more than an hour before `now`: such a guest is marked with the end time. */
export function visitEndedLongAgo(guest: Visit, now: number): boolean {
  const end = guest.endsAt ? Date.parse(guest.endsAt) : NaN;
  return end + ENDED_MARK_AFTER_MS <= now;
}

/**
 * The guests as they were, those whose visit ended more than an hour ago
 * moved after the others (each part keeps its order). Nobody is dropped: the
 * evacuation list must still name a guest who may have gone home without
 * checking out.
 */
export function endedVisitsLast<T extends Visit>(guests: readonly T[], now: number): T[] {
  const current: T[] = [];
  const ended: T[] = [];
  for (const guest of guests) (visitEndedLongAgo(guest, now) ? ended : current).push(guest);
  return [...current, ...ended];
}

/** The setting `autoCheckOut`: a local time "HH:MM" (00:00 to 23:59), or "off". */
export const AUTO_CHECK_OUT_PATTERN = /^(off|([01]\d|2[0-3]):[0-5]\d)$/;
export const AUTO_CHECK_OUT_HINT = 'a local time as HH:MM, from 00:00 to 23:59 (e.g. 03:00), or off';
/** Off until an admin chooses a time: see docs/desk.md "Automatic check-out". */
export const AUTO_CHECK_OUT_DEFAULT = 'off';

/** "3:00" and "OFF" as a person may type them, in the stored form ("03:00", "off"); anything else as it is. */
export function normaliseAutoCheckOut(text: string): string {
  const trimmed = text.trim().toLowerCase();
  return /^\d:\d\d$/.test(trimmed) ? `0${trimmed}` : trimmed;
}

/** A local wall-clock time as one number that orders like it: the date, then hours and minutes. */
const wallOf = (year: number, month: number, date: number, hours: number, minutes: number) =>
  ((year * 16 + month) * 32 + date) * 1440 + hours * 60 + minutes;
const wallMinutes = (time: number) => {
  const d = new Date(time);
  return wallOf(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes());
};

/**
 * The moment today's automatic check-out is due: `setting` ("HH:MM") on the
 * local day of `now`; undefined when it is off. A time the clocks skip that
 * night (02:30 when they spring forward from 02:00 to 03:00) is due at the
 * first moment after it, when the clocks show 03:00; a time they show twice
 * (falling back) at the first.
 */
export function autoCheckOutMoment(setting: string, now: number): number | undefined {
  const match = /^(\d\d):(\d\d)$/.exec(setting);
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  const day = new Date(now);
  const [year, month, date] = [day.getFullYear(), day.getMonth(), day.getDate()];
  let moment = new Date(year, month, date, hours, minutes).getTime();
  // Date reads a skipped time with the offset from before the change (02:30 as 03:30 summer time): step back to
  // the change, the first minute whose clock shows at least the time asked for. Clocks change by at most 2 hours.
  const asked = wallOf(year, month, date, hours, minutes);
  if (wallMinutes(moment) !== asked)
    for (let step = 0; step < 120 && wallMinutes(moment - MINUTE) >= asked; step++) moment -= MINUTE;
  return moment;
}

/** A local day as "YYYY-MM-DD": the unit the automatic check-out runs once in. */
export function localDayKey(time: number): string {
  const day = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The local day whose automatic check-out is due at `now`, or undefined: due
 * once today's time has passed and today's run was not done (`lastRunDay`).
 * A Foyer started after the time (a PC switched on in the morning) finds it
 * due at once; a missed earlier day is not made up (its guests are in today's run).
 */
export function autoCheckOutDue(setting: string, now: number, lastRunDay: string | undefined): string | undefined {
  const moment = autoCheckOutMoment(setting, now);
  if (moment === undefined || now < moment) return undefined;
  const day = localDayKey(now);
  return day === lastRunDay ? undefined : day;
}
