/**
 * Checking out several guests at once: at the desk ("everyone whose visit
 * has ended", or those ticked in the On site list), through the same queue
 * as a single check-out, held back for the same 8 s with one Undo for all of
 * them; and the daily automatic check-out (auto-check-out.ts).
 */
import { visitEnded } from '../../../shared/domain/visit-end.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { MadeAt } from '../db/repos/check-in-facts.ts';
import type { Guest } from '../db/repos/guests.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { CHECK_OUT_UNDO_MS } from '../outbox/transitions.ts';

/** What several check-outs (or their Undo) did: the guests as now shown, and those refused with the reason. */
export interface ManyCheckedOut {
  guests: Guest[];
  refused: { invitationId: number; reason: string }[];
  /** Until when the check-outs are held back and can be undone together; null when none is. */
  undoUntil: string | null;
}

type Many = { done: { guest: Guest }[]; refused: { checkInId: number; reason: string }[] };

function answer({ done, refused }: Many): ManyCheckedOut {
  const held = done.map(({ guest }) => guest.undoUntil).filter((until): until is string => until !== null);
  return {
    guests: done.map(({ guest }) => guest),
    refused: refused.map(({ checkInId, reason }) => ({ invitationId: checkInId, reason })),
    // One Undo for all: it lasts as long as the earliest of them is held back.
    undoUntil: held.length ? held.reduce((a, b) => (a < b ? a : b)) : null,
  };
}

/** The guests on site at the location whose visit had ended at `at`. */
export function endedVisits(mirror: Pick<Mirror, 'guests'>, config: Config, at: number): Guest[] {
  return mirror.guests.onSite(config.locationId, config.flow).filter((guest) => visitEnded(guest, at));
}

/** Checks these guests out at the desk, held back for the undo window; one who cannot be is refused, not the others. */
export const checkOutMany = (outbox: Pick<Outbox, 'queueTransitions'>, invitationIds: number[], made: MadeAt) =>
  answer(outbox.queueTransitions(invitationIds, 'checkOut', 'desk', { holdMs: CHECK_OUT_UNDO_MS, made }));

/** Takes back only the check-outs still held back; the others are refused with the reason. */
export const undoCheckOutMany = (outbox: Pick<Outbox, 'cancelHeldCheckOuts'>, invitationIds: number[]) =>
  answer(outbox.cancelHeldCheckOuts(invitationIds));
