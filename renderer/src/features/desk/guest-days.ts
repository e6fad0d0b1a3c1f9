/**
 * Which day a guest's visit is, as the desk says it, and the actions that ask
 * first: a check-in for another day's visit (a search spans every day, and a
 * check-in opens a day early), and undoing a check-in (it withdraws the
 * guest's door PIN and cards). Pure: the tests run it in Node.
 */
import type { Guest } from '../../../../shared/contract/guests.ts';
import { formatDay, fullName } from '../../lib/format.ts';
import type { TransitionAction } from './guest-lists.ts';

const startOfDay = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();

/**
 * "Tomorrow", "Yesterday" or "Thu 26 Nov" for a visit on another day than
 * `now`'s; undefined for today's, for one under way now (begun last night,
 * it is the visit of the moment), or without a time.
 */
export function otherDay(
  { startsAt, endsAt }: Pick<Guest, 'startsAt' | 'endsAt'>,
  now: number,
  locale = 'en-GB',
): string | undefined {
  if (!startsAt) return undefined;
  const start = new Date(startsAt);
  if (Number.isNaN(start.getTime())) return undefined;
  if (start.getTime() <= now && (!endsAt || Date.parse(endsAt) > now)) return undefined;
  const days = Math.round((startOfDay(start) - startOfDay(new Date(now))) / 86_400_000);
  if (days === 0) return undefined;
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  return formatDay(startsAt, locale);
}

/** A button's words: an undo says which it undoes. */
export function actionLabel(action: TransitionAction, guest: Pick<Guest, 'category'>): string {
  if (action === 'checkIn') return 'Check in';
  if (action === 'checkOut') return 'Check out';
  return guest.category === 'onsite' ? 'Undo check-in' : 'Undo check-out';
}

export interface Confirmation {
  question: string;
  detail: string;
  confirm: string;
}

type Asked = Pick<Guest, 'category' | 'startsAt' | 'endsAt' | 'firstName' | 'lastName' | 'email'>;

/** What to ask before `action`, or undefined when it goes at once. */
export function confirmationFor(action: TransitionAction, guest: Asked, now: number): Confirmation | undefined {
  const name = fullName(guest);
  if (action === 'undo' && guest.category === 'onsite')
    return {
      question: `Undo the check-in of ${name}?`,
      detail: 'Their door PIN and cards are withdrawn, and they are shown as expected again.',
      confirm: 'Undo check-in',
    };
  const day = action === 'checkIn' ? otherDay(guest, now) : undefined;
  if (day)
    return {
      question: `Check in ${name} for ${visitOf(day)}?`,
      detail: 'This guest is invited for another day than today.',
      confirm: 'Check in',
    };
  return undefined;
}

/** "tomorrow's visit", "yesterday's visit", "the visit of Thu 26 Nov". */
function visitOf(day: string): string {
  if (day === 'Tomorrow' || day === 'Yesterday') return `${day.toLowerCase()}'s visit`;
  return `the visit of ${day}`;
}
