import type { Guest } from '../../db/repos/guests.ts';
import { parsePayload } from '../../outbox/payloads.ts';
import type { TransitionAction } from '../../outbox/transitions.ts';
import type { HandlerContext } from '../handler.ts';

/** How long a check-out at the desk waits before it is sent: the time a person has to undo it. */
export const CHECK_OUT_UNDO_MS = 8_000;

/**
 * Queues a transition (optimistic at once) and lets the engine send it;
 * returns the guest as now shown. With `undoable` (the desk's screen) a
 * check-out is held back for a few seconds, so that Undo can take it back; a
 * door that cannot offer Undo (the CLI, which sends at once) does not hold.
 */
export function transition(
  ctx: HandlerContext,
  invitationId: number,
  action: TransitionAction,
  source: 'kiosk' | 'desk',
  { undoable = false }: { undoable?: boolean } = {},
): Guest {
  // A refusal (TransitionRefused) or an unknown guest (NoSuchGuest) is already in the contract's words.
  const hold = undoable ? { holdMs: CHECK_OUT_UNDO_MS } : {};
  return ctx.runtime.outbox.queueTransition(invitationId, action, source, hold).guest;
}

/** Tries a failed transition again, planned from the guest as they are now; refused with the reason when it cannot be. */
export function retryTransition(ctx: HandlerContext, outboxId: number): Guest {
  const parsed = parsePayload(ctx.runtime.outbox.retry(outboxId));
  // The retry is a row written just now by this version: it always reads as a transition.
  if (!parsed.ok || parsed.kind !== 'transition')
    throw new Error(`outbox item ${outboxId} was not retried as a transition`);
  return ctx.runtime.mirror.guests.byId(parsed.payload.checkInId, ctx.runtime.config.flow)!;
}
