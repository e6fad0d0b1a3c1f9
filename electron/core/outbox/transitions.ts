/** Check-in transitions as the outbox sees them: what each action sends, expects and shows. */
import type { FlowConfig } from '../../../shared/domain/flow.ts';
import type { Guest } from '../db/repos/guests.ts';

export const TRANSITION_ACTIONS = ['checkIn', 'checkOut', 'undo'] as const;
export type TransitionAction = (typeof TRANSITION_ACTIONS)[number];

export interface TransitionPayload {
  checkInId: number;
  locationId: number;
  action: TransitionAction;
  eventName: string;
  /** The state the guest was in when the action was taken. */
  fromState: string;
  /** The state the service is expected to answer with. */
  toState: string;
}

export class TransitionRefused extends Error {
  override name = 'TransitionRefused';
}

/** The mirror holds no guest with this invitation id: every door says so in its own words, without matching text. */
export class NoSuchGuest extends Error {
  override name = 'NoSuchGuest';
  constructor(readonly invitationId: number) {
    super(`no guest with invitation id ${invitationId} in the mirror`);
  }
}

/**
 * What an action sends and leads to, under the site's flow. Refuses actions
 * that make no sense from the guest's current state (shown state, pending
 * included), so that a double tap at the kiosk queues nothing twice.
 */
export function planTransition(
  guest: Guest,
  action: TransitionAction,
  flow: FlowConfig,
  source: 'kiosk' | 'desk',
): Omit<TransitionPayload, 'checkInId' | 'locationId'> {
  const name = [guest.firstName, guest.lastName].filter(Boolean).join(' ') || `guest ${guest.invitationId}`;
  switch (action) {
    case 'checkIn':
      if (guest.category !== 'expected')
        throw new TransitionRefused(`${name} cannot be checked in: the state is ${guest.state}`);
      return {
        action,
        eventName: source === 'kiosk' ? flow.transitions.kioskCheckIn : flow.transitions.deskCheckIn,
        fromState: guest.state,
        toState: flow.onsite[0] ?? guest.state,
      };
    case 'checkOut':
      if (guest.category !== 'onsite')
        throw new TransitionRefused(`${name} cannot be checked out: the state is ${guest.state}`);
      return {
        action,
        eventName: flow.transitions.checkOut,
        fromState: guest.state,
        toState: flow.left[0] ?? guest.state,
      };
    case 'undo':
      if (guest.category !== 'onsite')
        throw new TransitionRefused(`the check-in of ${name} cannot be undone: the state is ${guest.state}`);
      return { action, eventName: flow.transitions.undoCheckIn, fromState: guest.state, toState: flow.initialState };
  }
}

export function describeTransition(guest: Guest, action: TransitionAction): string {
  const name =
    [guest.firstName, guest.lastName].filter(Boolean).join(' ') || guest.email || `guest ${guest.invitationId}`;
  return { checkIn: 'Check in', checkOut: 'Check out', undo: 'Undo check-in of' }[action] + ` ${name}`;
}
