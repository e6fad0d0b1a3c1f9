import { describe, expect, it } from 'vitest';
import { arrivalsSummary } from '../../../renderer/src/features/desk/overview.ts';
import { evacuationPages } from '../../../renderer/src/features/desk/evacuation.ts';
import {
  actionsFor,
  conflictSentence,
  dayLabel,
  dayRange,
  stateLabel,
  visibleCategories,
} from '../../../renderer/src/features/desk/guest-lists.ts';
import { identityBadges, readableFields } from '../../../renderer/src/features/desk/identity.ts';
import { HOUR } from '../../../shared/time.ts';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

describe('desk lists', () => {
  it('shows Other only when some guest is in it', () => {
    expect(visibleCategories({ expected: 2, onsite: 1, left: 0, other: 0 })).toEqual(['expected', 'onsite', 'left']);
    expect(visibleCategories({ expected: 2, onsite: 1, left: 0, other: 1 })).toContain('other');
  });

  it('offers a check-in only while the event can be checked in, and says why not otherwise', () => {
    const expected = { category: 'expected' as const, undoUntil: null };
    expect(actionsFor({ ...expected, startsAt: at(NOW + HOUR), endsAt: at(NOW + 2 * HOUR) }, NOW)).toEqual({
      actions: ['checkIn'],
    });
    const ended = actionsFor({ ...expected, startsAt: at(NOW - 3 * HOUR), endsAt: at(NOW - HOUR) }, NOW);
    expect(ended.actions).toEqual([]);
    expect(ended.closed).toMatch(/^Ended /);
    const early = actionsFor({ ...expected, startsAt: at(NOW + 30 * HOUR), endsAt: at(NOW + 31 * HOUR) }, NOW);
    expect(early.actions).toEqual([]);
    expect(early.closed).toMatch(/^Opens /);
    const none = { startsAt: null, endsAt: null, undoUntil: null };
    expect(actionsFor({ ...none, category: 'onsite' }, NOW).actions).toEqual(['checkOut', 'undo']);
    expect(actionsFor({ ...none, category: 'left' }, NOW).actions).toEqual([]);
    expect(actionsFor({ ...none, category: 'left', undoUntil: at(NOW + 5000) }, NOW).actions).toEqual(['undo']);
    expect(actionsFor({ ...none, category: 'left', undoUntil: at(NOW - 1) }, NOW).actions).toEqual([]);
    expect(actionsFor({ ...none, category: 'other' }, NOW).actions).toEqual([]);
  });

  it('offers nothing for a walk-in the service does not have yet, and says so', () => {
    const walkIn = actionsFor({ invitationId: -3, category: 'onsite', startsAt: null, endsAt: null, undoUntil: null });
    expect(walkIn.actions).toEqual([]);
    expect(walkIn.closed).toBe('Walk-in: on its way to the service');
  });

  it('labels states, unknown ones by their raw name', () => {
    expect(stateLabel({ state: 'CHECKED_IN', category: 'onsite' })).toBe('On site');
    expect(stateLabel({ state: 'ON_HOLD', category: 'other' })).toBe('ON_HOLD');
  });

  it("spans a local day and names it from today's point of view", () => {
    const { from, to } = dayRange('2026-11-22');
    expect(Date.parse(to) - Date.parse(from)).toBeGreaterThanOrEqual(23 * HOUR);
    expect(new Date(from).getDate()).toBe(22);
    const today = '2026-11-22';
    expect(dayLabel('2026-11-22', today, 'en-GB')).toMatch(/^Today · Sunday/);
    expect(dayLabel('2026-11-21', today, 'en-GB')).toMatch(/^Yesterday/);
    expect(dayLabel('2026-11-23', today, 'en-GB')).toMatch(/^Tomorrow/);
    expect(dayLabel('2026-11-25', today, 'en-GB')).toBe('Wednesday 25 November');
  });
});

describe('conflicts as sentences', () => {
  it('says what the service refused and why, in local time, with what to do', () => {
    const { sentence, advice } = conflictSentence(
      {
        action: 'checkIn',
        message:
          'transitionCheckIn: 409 INVALID_TRANSITION: the event of check-in 42 ended at 2026-11-22T16:00:00.000Z',
      },
      'en-GB',
      new Date('2026-11-22T18:00:00.000Z'),
    );
    expect(sentence).toMatch(/^The service refused this check-in: the event ended at \d\d:\d\d\.$/);
    expect(sentence).not.toContain('2026-11-22T');
    expect(advice.length).toBeGreaterThan(10);
  });

  it('says that the list now shows what the service shows, when the guest changed there', () => {
    const { sentence, advice } = conflictSentence({
      action: 'checkIn',
      message: 'transitionCheckIn: 409 INVALID_TRANSITION: the service already shows this guest as left (CHECKED_OUT)',
    });
    expect(sentence).toBe(
      'The service refused this check-in: the service already shows this guest as left (CHECKED_OUT).',
    );
    expect(advice).toBe(
      'The list now shows the guest as the service does. If the guest should still come in, their host can send a new invitation.',
    );
  });
});

describe('the identity check', () => {
  it('reads as badges: document, selfie, liveness, invitation match, review', () => {
    const badges = identityBadges({
      documentNumber: 'C01X00T47',
      document: 'EXISTED',
      selfie: 'MATCHED',
      liveness: 'FAILED',
      invitationMatch: { wasManuallyReviewed: true, firstName: 'EXACT', lastName: 'FUZZY', birthdate: 'EXACT' },
    });
    expect(badges.map((b) => [b.label, b.tone])).toEqual([
      ['ID document', 'good'],
      ['Selfie', 'good'],
      ['Liveness', 'bad'],
      ['Invitation', 'neutral'],
      ['Review', 'neutral'],
      ['Document no.', 'neutral'],
    ]);
    expect(badges[3]!.value).toContain('last name fuzzy');
    expect(badges[4]!.value).toBe('checked by a person');
    expect(identityBadges(null)).toEqual([]);
    expect(identityBadges({ document: 'SOMETHING_NEW' })).toEqual([
      { label: 'ID document', value: 'SOMETHING_NEW', tone: 'neutral' },
    ]);
  });

  it("shows the service's own fields with labels, dates in local words", () => {
    expect(
      readableFields(
        { parking: true, licensePlate: 'B-XY 123', meetingRoom: null, since: '2026-11-22T08:00:00.000Z' },
        'en-GB',
      ),
    ).toEqual([
      ['Parking', 'Yes'],
      ['License plate', 'B-XY 123'],
      ['Meeting room', '—'],
      ['Since', expect.stringMatching(/\d\d:\d\d$/)],
    ]);
  });
});

describe('the evacuation list on paper', () => {
  it('cuts everyone, by last name, into numbered pages that say which rows they hold', () => {
    const guests = Array.from({ length: 95 }, (_, i) => ({
      firstName: 'A',
      lastName: `N${String(i).padStart(3, '0')}`,
    }));
    const pages = evacuationPages(guests.reverse(), 44);
    expect(pages.map((p) => [p.number, p.first, p.last, p.guests.length])).toEqual([
      [1, 1, 44, 44],
      [2, 45, 88, 44],
      [3, 89, 95, 7],
    ]);
    expect(pages[0]!.guests[0]!.lastName).toBe('N000');
    expect(evacuationPages([], 44)).toEqual([{ number: 1, first: 0, last: 0, guests: [] }]);
  });
});

describe('the arrivals chart in words', () => {
  it('lists the hours with arrivals and names the busiest', () => {
    const perHour = Array.from({ length: 24 }, () => 0);
    perHour[8] = 3;
    perHour[9] = 12;
    const labels = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
    expect(arrivalsSummary(perHour, labels)).toBe('08:00 3, 09:00 12. Busiest hour 09:00 with 12.');
    expect(
      arrivalsSummary(
        Array.from({ length: 24 }, () => 0),
        labels,
      ),
    ).toBe('none yet.');
  });
});
