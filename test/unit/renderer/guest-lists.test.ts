import { describe, expect, it } from 'vitest';
import type { Guest } from '../../../shared/contract/operations.ts';
import {
  actionsFor,
  countByCategory,
  dayLabel,
  guestsOf,
  stateLabel,
  visibleCategories,
  withDayHeadings,
  withGuest,
} from '../../../renderer/src/features/desk/guest-lists.ts';

let nextId = 1;
function guest(patch: Partial<Guest> = {}): Guest {
  return {
    invitationId: nextId++,
    state: 'EXPECTED',
    category: 'expected',
    pending: false,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: null,
    companyName: null,
    language: 'EN',
    eventId: 1,
    eventName: 'Visit',
    startsAt: '2026-11-22T10:00:00.000Z',
    endsAt: '2026-11-22T12:00:00.000Z',
    locationId: 10,
    hostId: null,
    arrivedAt: null,
    leftAt: null,
    undoUntil: null,
    ...patch,
  };
}

describe('desk lists', () => {
  it('counts guests per category and shows Other only when some guest is in it', () => {
    const guests = [guest(), guest({ category: 'onsite', state: 'CHECKED_IN' }), guest()];
    const counts = countByCategory(guests);
    expect(counts).toEqual({ expected: 2, onsite: 1, left: 0, other: 0 });
    expect(visibleCategories(counts)).toEqual(['expected', 'onsite', 'left']);
    const withOther = countByCategory([...guests, guest({ category: 'other', state: 'BADGE_PRINTED' })]);
    expect(visibleCategories(withOther)).toEqual(['expected', 'onsite', 'left', 'other']);
  });

  it('orders expected by start, on site and left by the newest arrival and departure', () => {
    const late = guest({ startsAt: '2026-11-22T15:00:00.000Z' });
    const early = guest({ startsAt: '2026-11-22T08:00:00.000Z' });
    const undated = guest({ startsAt: null });
    expect(guestsOf([late, undated, early], 'expected')).toEqual([early, late, undated]);
    const first = guest({ category: 'onsite', arrivedAt: '2026-11-22T08:00:00.000Z' });
    const second = guest({ category: 'onsite', arrivedAt: '2026-11-22T09:00:00.000Z' });
    expect(guestsOf([first, second], 'onsite')).toEqual([second, first]);
  });

  it('shows the answer of a transition in place', () => {
    const a = guest();
    const b = guest();
    const moved = { ...a, category: 'onsite' as const, state: 'CHECKED_IN', pending: true };
    expect(withGuest([a, b], moved)).toEqual([moved, b]);
    const c = guest();
    expect(withGuest([a], c)).toEqual([a, c]);
  });

  it('offers the actions the flow allows and names unknown states raw', () => {
    expect(actionsFor({ category: 'expected' })).toEqual(['checkIn']);
    expect(actionsFor({ category: 'onsite' })).toEqual(['checkOut', 'undo']);
    expect(actionsFor({ category: 'left' })).toEqual([]);
    expect(actionsFor({ category: 'other' })).toEqual([]);
    expect(stateLabel({ category: 'onsite', state: 'CHECKED_IN' })).toBe('On site');
    expect(stateLabel({ category: 'other', state: 'BADGE_PRINTED' })).toBe('BADGE_PRINTED');
  });

  it('heads each day of the expected list', () => {
    const now = new Date(2026, 10, 22, 9);
    const on = (day: number, hour: number) => guest({ startsAt: new Date(2026, 10, day, hour).toISOString() });
    const rows = withDayHeadings([on(21, 14), on(22, 9), on(22, 11), on(25, 10)], now);
    expect(rows.map((r) => (r.kind === 'day' ? `${r.label} (${r.count})` : 'guest'))).toEqual([
      'Yesterday · Saturday 21 November (1)',
      'guest',
      'Today · Sunday 22 November (2)',
      'guest',
      'guest',
      'Wednesday 25 November (1)',
      'guest',
    ]);
    expect(dayLabel(new Date(2026, 10, 23, 8).toISOString(), now)).toBe('Tomorrow · Monday 23 November');
  });
});
