import type { Guest } from '../../db/repos/guests.ts';
import { NoSuchGuest, TransitionRefused, type TransitionAction } from '../../outbox/transitions.ts';
import { AppError } from '../errors.ts';
import type { HandlerContext } from '../handler.ts';

/** Queues a transition (optimistic at once) and lets the engine send it; returns the guest as now shown. */
export function transition(
  ctx: HandlerContext,
  invitationId: number,
  action: TransitionAction,
  source: 'kiosk' | 'desk',
): Guest {
  try {
    return ctx.runtime.outbox.queueTransition(invitationId, action, source).guest;
  } catch (error) {
    if (error instanceof TransitionRefused) throw new AppError('REFUSED', error.message);
    if (error instanceof NoSuchGuest) throw new AppError('NOT_FOUND', error.message);
    throw error;
  }
}
