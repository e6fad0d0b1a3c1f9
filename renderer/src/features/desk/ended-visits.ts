/** Ended visits and bulk check-outs as the desk says them. Pure: the tests run them in Node. */
import { visitEndedLongAgo } from '../../../../shared/domain/visit-end.ts';
import { clockOf, plural } from '../../lib/format.ts';

/**
 * "visit ended 17:00" (another day: "visit ended yesterday 17:00"), in the
 * desk's time format, for a guest still on site whose visit ended more than
 * an hour before `now`; undefined otherwise.
 */
export function endedMark(guest: { endsAt: string | null }, now: number, locale?: string): string | undefined {
  if (!guest.endsAt || !visitEndedLongAgo(guest, now)) return undefined;
  return endedText(guest.endsAt, now, locale);
}

/**
 * "visit ended 17:00"; on an earlier day "visit ended yesterday 17:00" or
 * "visit ended 12 May 17:00": short enough for a line of the printed list.
 */
export function endedText(endsAt: string, now: number, locale = 'en-GB'): string {
  const end = new Date(endsAt);
  const clock = clockOf(end, locale);
  const day = (time: Date) => new Date(time.getFullYear(), time.getMonth(), time.getDate()).getTime();
  const daysBefore = Math.round((day(new Date(now)) - day(end)) / 86_400_000);
  if (daysBefore <= 0) return `visit ended ${clock}`;
  if (daysBefore === 1) return `visit ended yesterday ${clock}`;
  return `visit ended ${end.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} ${clock}`;
}

/** The question before a bulk check-out: "Check out 12 guests?". */
export const bulkQuestion = (count: number) => `Check out ${plural(count, 'guest')}?`;

/** What a bulk check-out did, in one sentence (the refused ones with the first reason). */
export function bulkResult(done: number, refused: { reason: string }[], undone = false): string {
  const head = undone ? `Check-out of ${plural(done, 'guest')} undone` : `${plural(done, 'guest')} checked out`;
  if (refused.length === 0) return `${head}.`;
  const others = refused.length > 1 ? ', and others' : '';
  return `${head}; ${refused.length} ${refused.length === 1 ? 'was' : 'were'} not (${refused[0]!.reason}${others}).`;
}
