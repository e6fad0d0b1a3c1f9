/**
 * A guest's check-in moved (check in, check out, undo) by a door: queued in
 * the outbox with its optimistic effect at once and sent by the engine, with
 * where and by whom it was made. The desk (guests.transition), the kiosk and
 * a retried conflict all go through here.
 */
import type { MadeAt } from '../db/repos/check-in-facts.ts';
import type { Guest } from '../db/repos/guests.ts';
import { CHECK_OUT_UNDO_MS, type TransitionAction } from '../outbox/transitions.ts';
import type { HandlerContext } from './handler.ts';
import { placeOf } from './where.ts';

/** Where and by whom the handler's session makes a transition: its device or screen, and its named staff member. */
export const madeAt = (ctx: HandlerContext): MadeAt => ({ device: placeOf(ctx), staff: ctx.session.staff });

/**
 * Queues the transition and returns the guest as now shown. With `undoable`
 * (the desk's screen) a check-out is held back for a few seconds, so that
 * Undo can take it back; a door that cannot offer Undo does not hold. A
 * refusal (TransitionRefused) or an unknown guest (NoSuchGuest) is thrown in
 * the contract's words.
 */
export function transition(
  ctx: HandlerContext,
  invitationId: number,
  action: TransitionAction,
  source: 'kiosk' | 'desk',
  { undoable = false }: { undoable?: boolean } = {},
): Guest {
  const hold = undoable ? { holdMs: CHECK_OUT_UNDO_MS } : {};
  return ctx.runtime.outbox.queueTransition(invitationId, action, source, { ...hold, made: madeAt(ctx) }).guest;
}
