import type { Guest } from '../../db/repos/guests.ts';
import { parsePayload } from '../../outbox/payloads.ts';
import type { TransitionAction } from '../../outbox/transitions.ts';
import { queueTransition } from '../../usecases/transitions.ts';
import type { HandlerContext } from '../handler.ts';

/** Queues a transition (optimistic at once) for the handler's door: see usecases/transitions.ts. */
export function transition(
  ctx: HandlerContext,
  invitationId: number,
  action: TransitionAction,
  source: 'kiosk' | 'desk',
  options: { undoable?: boolean } = {},
): Guest {
  return queueTransition(ctx.runtime, invitationId, action, source, options);
}

/** Tries a failed transition again, planned from the guest as they are now; refused with the reason when it cannot be. */
export function retryTransition(ctx: HandlerContext, outboxId: number): Guest {
  const parsed = parsePayload(ctx.runtime.outbox.retry(outboxId));
  // The retry is a row written just now by this version: it always reads as a transition.
  if (!parsed.ok || parsed.kind !== 'transition')
    throw new Error(`outbox item ${outboxId} was not retried as a transition`);
  return ctx.runtime.mirror.guests.byId(parsed.payload.checkInId, ctx.runtime.config.flow)!;
}
