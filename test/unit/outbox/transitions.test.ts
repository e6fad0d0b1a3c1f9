/** What each check-in action sends and leads to, under the default flow and a site's own flow. */
import { describe, expect, it } from 'vitest';
import type { Guest } from '../../../electron/core/db/repos/guests.ts';
import { describeTransition, planTransition, TransitionRefused } from '../../../electron/core/outbox/transitions.ts';
import { categoryOf, DEFAULT_FLOW, type FlowConfig } from '../../../shared/domain/flow.ts';

function guest(state: string, flow: FlowConfig = DEFAULT_FLOW, overrides: Partial<Guest> = {}): Guest {
  return {
    invitationId: 7,
    state,
    category: categoryOf(state, flow),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.test',
    companyName: null,
    language: null,
    eventId: 1,
    eventName: 'Open day',
    startsAt: null,
    endsAt: null,
    locationId: 10,
    hostId: 100,
    arrivedAt: null,
    leftAt: null,
    pending: false,
    undoUntil: null,
    ...overrides,
  };
}

const SITE_FLOW: FlowConfig = {
  initialState: 'INVITED',
  expected: ['INVITED', 'PRE_REGISTERED'],
  onsite: ['ON_SITE', 'IN_MEETING'],
  left: ['GONE'],
  transitions: { kioskCheckIn: 'KIOSK_ARRIVE', deskCheckIn: 'DESK_ARRIVE', checkOut: 'LEAVE', undoCheckIn: 'REVERT' },
};

describe('planTransition, default flow', () => {
  it('check-in: EXPECTED to CHECKED_IN with CHECK_IN, from kiosk and desk', () => {
    for (const source of ['kiosk', 'desk'] as const)
      expect(planTransition(guest('EXPECTED'), 'checkIn', DEFAULT_FLOW, source)).toEqual({
        action: 'checkIn',
        eventName: 'CHECK_IN',
        fromState: 'EXPECTED',
        toState: 'CHECKED_IN',
      });
  });

  it('check-out: CHECKED_IN to CHECKED_OUT with CHECK_OUT', () => {
    expect(planTransition(guest('CHECKED_IN'), 'checkOut', DEFAULT_FLOW, 'desk')).toEqual({
      action: 'checkOut',
      eventName: 'CHECK_OUT',
      fromState: 'CHECKED_IN',
      toState: 'CHECKED_OUT',
    });
  });

  it('undo: CHECKED_IN back to EXPECTED with UNDO_CHECK_IN', () => {
    expect(planTransition(guest('CHECKED_IN'), 'undo', DEFAULT_FLOW, 'desk')).toEqual({
      action: 'undo',
      eventName: 'UNDO_CHECK_IN',
      fromState: 'CHECKED_IN',
      toState: 'EXPECTED',
    });
  });

  it.each([
    ['checkIn', 'CHECKED_IN', /cannot be checked in: the state is CHECKED_IN/],
    ['checkIn', 'CHECKED_OUT', /cannot be checked in/],
    ['checkIn', 'CANCELLED', /cannot be checked in/],
    ['checkOut', 'EXPECTED', /cannot be checked out: the state is EXPECTED/],
    ['checkOut', 'CHECKED_OUT', /cannot be checked out/],
    ['undo', 'EXPECTED', /cannot be undone/],
    ['undo', 'CHECKED_OUT', /cannot be undone/],
    ['checkOut', 'SOMETHING_NEW', /the state is SOMETHING_NEW/],
  ] as const)('refuses %s from %s (a double tap queues nothing twice)', (action, state, message) => {
    expect(() => planTransition(guest(state), action, DEFAULT_FLOW, 'kiosk')).toThrow(TransitionRefused);
    expect(() => planTransition(guest(state), action, DEFAULT_FLOW, 'kiosk')).toThrow(message);
  });

  it('names the guest in a refusal, or the invitation when there is no name', () => {
    expect(() => planTransition(guest('CHECKED_IN'), 'checkIn', DEFAULT_FLOW, 'kiosk')).toThrow('Ada Lovelace');
    const nameless = guest('CHECKED_IN', DEFAULT_FLOW, { firstName: null, lastName: null });
    expect(() => planTransition(nameless, 'checkIn', DEFAULT_FLOW, 'kiosk')).toThrow('guest 7');
  });
});

describe("planTransition, a site's own flow", () => {
  it('sends the kiosk and desk names, and expects the first on-site and left states', () => {
    expect(planTransition(guest('PRE_REGISTERED', SITE_FLOW), 'checkIn', SITE_FLOW, 'kiosk')).toEqual({
      action: 'checkIn',
      eventName: 'KIOSK_ARRIVE',
      fromState: 'PRE_REGISTERED',
      toState: 'ON_SITE',
    });
    expect(planTransition(guest('INVITED', SITE_FLOW), 'checkIn', SITE_FLOW, 'desk').eventName).toBe('DESK_ARRIVE');
    expect(planTransition(guest('IN_MEETING', SITE_FLOW), 'checkOut', SITE_FLOW, 'desk')).toMatchObject({
      eventName: 'LEAVE',
      fromState: 'IN_MEETING',
      toState: 'GONE',
    });
    expect(planTransition(guest('ON_SITE', SITE_FLOW), 'undo', SITE_FLOW, 'desk')).toMatchObject({
      eventName: 'REVERT',
      toState: 'INVITED',
    });
  });

  it('refuses actions from states the flow puts elsewhere', () => {
    expect(() => planTransition(guest('CHECKED_IN', SITE_FLOW), 'checkOut', SITE_FLOW, 'desk')).toThrow(
      TransitionRefused,
    );
  });
});

describe('describeTransition', () => {
  it('says what happens to whom', () => {
    expect(describeTransition(guest('EXPECTED'), 'checkIn')).toBe('Check in Ada Lovelace');
    expect(describeTransition(guest('CHECKED_IN'), 'checkOut')).toBe('Check out Ada Lovelace');
    expect(describeTransition(guest('CHECKED_IN'), 'undo')).toBe('Undo check-in of Ada Lovelace');
    expect(describeTransition(guest('EXPECTED', DEFAULT_FLOW, { firstName: null, lastName: null }), 'checkIn')).toBe(
      'Check in ada@example.test',
    );
    expect(
      describeTransition(guest('EXPECTED', DEFAULT_FLOW, { firstName: null, lastName: null, email: null }), 'checkIn'),
    ).toBe('Check in guest 7');
  });
});
