/** The desk's lists, worked out from the guests of the location. Pure: the tests run it in Node. */
import type { Guest } from '../../../../shared/contract/operations.ts';
import type { GuestCategory } from '../../../../shared/domain/flow.ts';

/** The contract's categories, in tab order (listed here: importing flow.ts would bundle zod into the renderer). */
export const GUEST_CATEGORIES: readonly GuestCategory[] = ['expected', 'onsite', 'left', 'other'];

export type TransitionAction = 'checkIn' | 'checkOut' | 'undo';

export const CATEGORY_LABELS: Record<GuestCategory, string> = {
  expected: 'Expected',
  onsite: 'On site',
  left: 'Left',
  other: 'Other',
};

export type CategoryCounts = Record<GuestCategory, number>;

export function countByCategory(guests: readonly Guest[]): CategoryCounts {
  const counts: CategoryCounts = { expected: 0, onsite: 0, left: 0, other: 0 };
  for (const guest of guests) counts[guest.category]++;
  return counts;
}

/** The tabs to show: the three of every site, and Other only while some guest is in a state the flow does not name. */
export function visibleCategories(counts: CategoryCounts): GuestCategory[] {
  return GUEST_CATEGORIES.filter((c) => c !== 'other' || counts.other > 0);
}

const byTime = (a: string | null, b: string | null) => (a ?? '\uffff').localeCompare(b ?? '\uffff');

/**
 * A tab's guests in the order the desk works them: expected by event start,
 * on site by arrival (newest first, who just came in is who is asked about),
 * left by departure (newest first).
 */
export function guestsOf(guests: readonly Guest[], category: GuestCategory): Guest[] {
  const list = guests.filter((g) => g.category === category);
  if (category === 'onsite')
    return list.sort((a, b) => byTime(b.arrivedAt, a.arrivedAt) || byTime(a.startsAt, b.startsAt));
  if (category === 'left') return list.sort((a, b) => byTime(b.leftAt, a.leftAt));
  return list.sort((a, b) => byTime(a.startsAt, b.startsAt) || (a.lastName ?? '').localeCompare(b.lastName ?? ''));
}

/** The list with one guest as the core now shows it: the answer of a transition, shown at once. */
export function withGuest(guests: readonly Guest[], updated: Guest): Guest[] {
  let found = false;
  const next = guests.map((g) => {
    if (g.invitationId !== updated.invitationId) return g;
    found = true;
    return updated;
  });
  return found ? next : [...next, updated];
}

/** What the desk can do with a guest, by category (the core refuses the rest). */
export function actionsFor(guest: Pick<Guest, 'category'>): TransitionAction[] {
  if (guest.category === 'expected') return ['checkIn'];
  if (guest.category === 'onsite') return ['checkOut', 'undo'];
  return [];
}

/** A guest's state as a person reads it; unknown states keep their raw name. */
export function stateLabel(guest: Pick<Guest, 'state' | 'category'>): string {
  if (guest.category === 'expected') return 'Expected';
  if (guest.category === 'onsite') return 'On site';
  if (guest.category === 'left') return 'Left';
  return guest.state;
}

export type ListRow = { kind: 'day'; key: string; label: string; count: number } | { kind: 'guest'; guest: Guest };

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** "Today", "Tomorrow", "Yesterday", or the weekday and date: how the desk says which day a visit is. */
export function dayLabel(iso: string | null, now: Date = new Date(), locale = 'en-GB'): string {
  if (!iso) return 'No date';
  const date = new Date(iso);
  const long = date.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long' });
  const days = Math.round(
    (new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() -
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) /
      86_400_000,
  );
  const relative = { [-1]: 'Yesterday', 0: 'Today', 1: 'Tomorrow' }[days];
  return relative ? `${relative} · ${long}` : long;
}

/** Guests in start order with a heading before each day, for lists that span days (Expected). */
export function withDayHeadings(guests: readonly Guest[], now: Date = new Date()): ListRow[] {
  const rows: ListRow[] = [];
  let current: Extract<ListRow, { kind: 'day' }> | undefined;
  for (const guest of guests) {
    const key = guest.startsAt ? dayKey(new Date(guest.startsAt)) : 'none';
    if (current?.key !== key) {
      current = { kind: 'day', key, label: dayLabel(guest.startsAt, now), count: 0 };
      rows.push(current);
    }
    current.count++;
    rows.push({ kind: 'guest', guest });
  }
  return rows;
}

export const plainRows = (guests: readonly Guest[]): ListRow[] => guests.map((guest) => ({ kind: 'guest', guest }));
