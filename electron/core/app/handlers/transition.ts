import type { MadeAt } from '../../db/repos/check-in-facts.ts';
import type { Guest } from '../../db/repos/guests.ts';
import { parsePayload } from '../../outbox/payloads.ts';
import type { TransitionAction } from '../../outbox/transitions.ts';
import { queueTransition } from '../../usecases/transitions.ts';
import type { HandlerContext } from '../handler.ts';
import { placeOf } from '../where.ts';

/** Where and by whom the handler's session makes a transition: its device or screen, and its named staff member. */
export const madeAt = (ctx: HandlerContext): MadeAt => ({ device: placeOf(ctx), staff: ctx.session.staff });

/** Queues a transition (optimistic at once) for the handler's door: see usecases/transitions.ts. */
export function transition(
  ctx: HandlerContext,
  invitationId: number,
  action: TransitionAction,
  source: 'kiosk' | 'desk',
  options: { undoable?: boolean } = {},
): Guest {
  return queueTransition(ctx.runtime, invitationId, action, source, { ...options, made: madeAt(ctx) });
}

/** Tries a failed transition again, planned from the guest as they are now; refused with the reason when it cannot be. */
export function retryTransition(ctx: HandlerContext, outboxId: number): Guest {
  const parsed = parsePayload(ctx.runtime.outbox.retry(outboxId));
  // The retry is a row written just now by this version: it always reads as a transition.
  if (!parsed.ok || parsed.kind !== 'transition')
    throw new Error(`outbox item ${outboxId} was not retried as a transition`);
  return ctx.runtime.mirror.guests.byId(parsed.payload.checkInId, ctx.runtime.config.flow)!;
}
