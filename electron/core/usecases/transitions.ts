/**
 * A guest's check-in moved (check in, check out, undo), once for every door:
 * queued with its optimistic effect at once, sent by the engine.
 */
import type { MadeAt } from '../db/repos/check-in-facts.ts';
import type { Guest } from '../db/repos/guests.ts';
import type { TransitionAction } from '../outbox/transitions.ts';
import type { Runtime } from '../runtime.ts';

/** How long a check-out at the desk waits before it is sent: the time a person has to undo it. */
export const CHECK_OUT_UNDO_MS = 8_000;

/**
 * Queues the transition and returns the guest as now shown. With `undoable`
 * (the desk's screen) a check-out is held back for a few seconds, so that
 * Undo can take it back; a door that cannot offer Undo (the CLI, which sends
 * at once) does not hold. `made`: the door's device and staff member, for
 * the check-in's facts. A refusal (TransitionRefused) or an unknown guest
 * (NoSuchGuest) is thrown in the contract's words.
 */
export function queueTransition(
  runtime: Pick<Runtime, 'outbox'>,
  invitationId: number,
  action: TransitionAction,
  source: 'kiosk' | 'desk',
  { undoable = false, made }: { undoable?: boolean; made?: MadeAt } = {},
): Guest {
  const hold = undoable ? { holdMs: CHECK_OUT_UNDO_MS } : {};
  return runtime.outbox.queueTransition(invitationId, action, source, { ...hold, made }).guest;
}
