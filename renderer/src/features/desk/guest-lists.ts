/** The desk's rules as people read them. Pure: the tests run them in Node. */
import { LIMITS } from '../../../../shared/api/limits.ts';
import type { Guest } from '../../../../shared/contract/guests.ts';
import type { GuestCategory } from '../../../../shared/domain/flow.ts';
import { DAY, dayBounds, iso } from '../../../../shared/time.ts';
import { formatDateTime } from '../../lib/format.ts';
import { isWalkIn } from '../../../../shared/domain/guest-key.ts';

/** The contract's categories, in tab order (listed here: importing flow.ts would bundle zod into the renderer). */
export const GUEST_CATEGORIES: readonly GuestCategory[] = ['expected', 'onsite', 'left', 'other'];

export type TransitionAction = 'checkIn' | 'checkOut' | 'undo';
export type GuestSort = 'time' | 'name' | 'company';

export const CATEGORY_LABELS: Record<GuestCategory, string> = {
  expected: 'Expected',
  onsite: 'On site',
  left: 'Left',
  other: 'Other',
};

export const SORT_LABELS: Record<GuestSort, string> = { time: 'Time', name: 'Name', company: 'Company' };

export type CategoryCounts = Record<GuestCategory, number>;

/** The tabs to show: the three of every site, and Other only while some guest is in a state the flow does not name. */
export function visibleCategories(counts: CategoryCounts): GuestCategory[] {
  return GUEST_CATEGORIES.filter((c) => c !== 'other' || counts.other > 0);
}

export type Actions = { actions: TransitionAction[]; closed?: string };

/**
 * What the desk can do with a guest now (the core refuses the rest): check
 * in while the event's check-in window is open, from `LIMITS.checkInEarlyMs`
 * before it starts until it ends as the core and the service rule (otherwise
 * why not, instead of a button), check out or undo a check-in when on site,
 * undo a check-out while it is still held back.
 */
/**
 * An approved walk-in listed (on site, on the evacuation list) before the
 * service has their visit, as minus their request's id: a transition or a
 * pass needs the service's check-in, which comes with the pull after the
 * invitation is sent.
 */
export const walkInOnItsWay = (guest: { invitationId: number }): boolean => isWalkIn(guest.invitationId);

export function actionsFor(
  guest: Pick<Guest, 'category' | 'startsAt' | 'endsAt' | 'undoUntil'> & Partial<Pick<Guest, 'invitationId'>>,
  now: number = Date.now(),
  locale?: string,
): Actions {
  if (guest.invitationId !== undefined && walkInOnItsWay({ invitationId: guest.invitationId }))
    return { actions: [], closed: 'Walk-in: on its way to the service' };
  if (guest.category === 'expected') {
    if (guest.endsAt && Date.parse(guest.endsAt) <= now)
      return { actions: [], closed: `Ended ${formatDateTime(guest.endsAt, locale, new Date(now))}` };
    const opens = guest.startsAt ? Date.parse(guest.startsAt) - LIMITS.checkInEarlyMs : NaN;
    if (opens > now) return { actions: [], closed: `Opens ${formatDateTime(iso(opens), locale, new Date(now))}` };
    return { actions: ['checkIn'] };
  }
  if (guest.category === 'onsite') return { actions: ['checkOut', 'undo'] };
  if (guest.category === 'left' && guest.undoUntil && Date.parse(guest.undoUntil) > now) return { actions: ['undo'] };
  return { actions: [] };
}

/** A guest's state as a person reads it; unknown states keep their raw name. */
export function stateLabel(guest: Pick<Guest, 'state' | 'category'>): string {
  if (guest.category === 'expected') return 'Expected';
  if (guest.category === 'onsite') return 'On site';
  if (guest.category === 'left') return 'Left';
  return guest.state;
}

/** The desk's days are shared/time.ts's local days (the one definition), named by dayKey. */
export { dayKey } from '../../../../shared/time.ts';

/** The instants a local day "YYYY-MM-DD" spans (shared/time.ts), as the core is asked for them. */
export function dayRange(day: string): { from: string; to: string } {
  const { from, to } = dayBounds(day);
  return { from: iso(from), to: iso(to) };
}

/** The day the desk shows once today has become `today` (`previousToday` was): it follows today, or stays on a chosen day. */
export function dayAfterRollover(shown: string, previousToday: string, today: string): string {
  return shown === previousToday ? today : shown;
}

/** "Today", "Tomorrow", "Yesterday", or the weekday and date: how the desk says which day it shows, `today` being today's key. */
export function dayLabel(day: string, today: string, locale = 'en-GB'): string {
  const date = new Date(dayBounds(day).from);
  const long = date.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long' });
  // Rounded: a day between them may have 23 or 25 hours.
  const days = Math.round((date.getTime() - dayBounds(today).from) / DAY);
  const relative = { [-1]: 'Yesterday', 0: 'Today', 1: 'Tomorrow' }[days];
  return relative ? `${relative} · ${long}` : long;
}

const ACTION_NOUNS: Record<string, string> = {
  checkIn: 'check-in',
  checkOut: 'check-out',
  undo: 'undo of the check-in',
};

const ADVICE: Record<string, string> = {
  checkIn: 'If the guest should still come in, their host can send a new invitation.',
  checkOut: 'If the service does not show them on site, there is nothing to check out: dismiss this.',
  undo: 'A guest who already left cannot have their check-in undone: dismiss this.',
};

/** The core's words when it read the guest back after a refusal and the service showed another state. */
const CHANGED_ELSEWHERE = /already shows this guest as /;

/** ISO timestamps in a message, as the desk's clock reads them. */
export function localTimes(text: string, locale?: string, now: Date = new Date()): string {
  return text.replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)\b/g, (iso) =>
    formatDateTime(iso, locale, now).replace(/^Today /, ''),
  );
}

/** What the service's reason says, without the technical lead-in ("transitionCheckIn: 409 ..."). */
function reasonOf(message: string): string {
  const reason = message.replace(/^\w+: \d{3}(?: [A-Z_]+)?: /, '').trim();
  return reason.replace(/\s*\(check-in \d+\)/g, '').replace(/\bof check-in \d+\b/g, '');
}

/** A refused transition as a sentence, with what to do. */
export function conflictSentence(
  conflict: { action: string | null; message: string },
  locale?: string,
  now: Date = new Date(),
): { sentence: string; advice: string } {
  const noun = ACTION_NOUNS[conflict.action ?? ''] ?? 'change';
  const reason = localTimes(reasonOf(conflict.message), locale, now).replace(/\s+/g, ' ');
  return {
    sentence: `The service refused this ${noun}: ${reason.replace(/\.$/, '')}.`,
    advice:
      (CHANGED_ELSEWHERE.test(conflict.message) ? 'The list now shows the guest as the service does. ' : '') +
      (ADVICE[conflict.action ?? ''] ?? 'Look at the guest in the list, then dismiss this.'),
  };
}
