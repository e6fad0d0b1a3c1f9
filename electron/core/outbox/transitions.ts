/** Check-in transitions as the outbox sees them: what each action sends, expects and shows. */
import { LIMITS } from '../../../shared/api/limits.ts';
import type { FlowConfig } from '../../../shared/domain/flow.ts';
import { iso } from '../../../shared/time.ts';
import { AppError } from '../errors.ts';
import type { Guest } from '../db/repos/guests.ts';
import type { TransitionPayload } from './payloads.ts';
import { personName } from '../../../shared/domain/person-name.ts';

export const TRANSITION_ACTIONS = ['checkIn', 'checkOut', 'undo'] as const;
export type TransitionAction = (typeof TRANSITION_ACTIONS)[number];

/** How long a check-out at the desk waits before it is sent: the time a person has to undo it. */
export const CHECK_OUT_UNDO_MS = 8_000;

/** An action the guest's state (or the clock) does not allow: REFUSED, with the reason. */
export class TransitionRefused extends AppError {
  override name = 'TransitionRefused';
  constructor(message: string) {
    super('REFUSED', message);
  }
}

/** The mirror holds no guest with this invitation id: every door says so in its own words, without matching text. */
export class NoSuchGuest extends AppError {
  override name = 'NoSuchGuest';
  constructor(readonly invitationId: number) {
    super('NOT_FOUND', `no guest with invitation id ${invitationId} in the mirror`);
  }
}

/**
 * Why a guest cannot be checked in at `now` by the clock ("any more: ...", "yet: ..."), or undefined:
 * check-in opens `LIMITS.checkInEarlyMs` before the event starts (docs/interface.md "Check-ins") and closes when it ends.
 */
export function checkInClosedReason(guest: Pick<Guest, 'startsAt' | 'endsAt'>, now: number): string | undefined {
  if (guest.endsAt && Date.parse(guest.endsAt) <= now) return `any more: the event ended at ${guest.endsAt}`;
  const opensAt = guest.startsAt ? Date.parse(guest.startsAt) - LIMITS.checkInEarlyMs : NaN;
  if (opensAt > now) return `yet: check-in opens at ${iso(opensAt)}, 24 hours before the event starts`;
  return undefined;
}

/**
 * What an action sends and leads to, under the site's flow. Refuses actions
 * that make no sense from the guest's current state (shown state, pending
 * included), so that a double tap at the kiosk queues nothing twice, and
 * check-ins the service would refuse by the clock (offline, they would be
 * counted on the evacuation list and refused later).
 */
export function planTransition(
  guest: Guest,
  action: TransitionAction,
  flow: FlowConfig,
  source: 'kiosk' | 'desk',
  now: number = Date.now(),
): Omit<TransitionPayload, 'checkInId' | 'locationId'> {
  const name = personName(guest) || `guest ${guest.invitationId}`;
  switch (action) {
    case 'checkIn': {
      if (guest.category !== 'expected')
        throw new TransitionRefused(`${name} cannot be checked in: the state is ${guest.state}`);
      const closed = checkInClosedReason(guest, now);
      if (closed) throw new TransitionRefused(`${name} cannot be checked in ${closed}`);
      return {
        action,
        eventName: source === 'kiosk' ? flow.transitions.kioskCheckIn : flow.transitions.deskCheckIn,
        fromState: guest.state,
        toState: flow.onsite[0] ?? guest.state,
      };
    }
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

/** The row's label, as `foyer outbox` and the admin console show it; an automatic check-out says so. */
export function describeTransition(guest: Guest, action: TransitionAction, automatic = false): string {
  const name = personName(guest) || guest.email || `guest ${guest.invitationId}`;
  if (automatic && action === 'checkOut') return `Automatic check-out of ${name}`;
  return { checkIn: 'Check in', checkOut: 'Check out', undo: 'Undo check-in of' }[action] + ` ${name}`;
}
