/**
 * Checking out several guests at once at the desk ("everyone whose
 * visit has ended", or those ticked in the On site list), through the same
 * queue as a single check-out: held back for the same 8 s, with one Undo for
 * all of them.
 */
import { visitEnded } from '../../../../shared/domain/visit-end.ts';
import type { Guest } from '../../db/repos/guests.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
import { CHECK_OUT_UNDO_MS } from '../../usecases/transitions.ts';
import { deskViews } from './guests-view.ts';
import { madeAt } from './transition.ts';

type Many = { done: { guest: Guest }[]; refused: { checkInId: number; reason: string }[] };

function answer(ctx: HandlerContext, { done, refused }: Many) {
  const held = done.map(({ guest }) => guest.undoUntil).filter((until): until is string => until !== null);
  return {
    guests: done.map(({ guest }) => deskViews(ctx)(guest)),
    refused: refused.map(({ checkInId, reason }) => ({ invitationId: checkInId, reason })),
    // One Undo for all: it lasts as long as the earliest of them is held back.
    undoUntil: held.length ? held.reduce((a, b) => (a < b ? a : b)) : null,
  };
}

/** Part of guestsHandlers (spread there): the guests domain's bulk check-out. */
export const bulkCheckOut: Handlers<'guests.endedVisits' | 'guests.checkOutMany' | 'guests.undoCheckOutMany'> = {
  'guests.endedVisits': (_, ctx) => {
    const { locationId, flow } = ctx.runtime.config;
    const now = ctx.now();
    return ctx.runtime.mirror.guests
      .onSite(locationId, flow)
      .filter((guest) => visitEnded(guest, now))
      .map(deskViews(ctx));
  },
  'guests.checkOutMany': ({ invitationIds }, ctx) =>
    answer(
      ctx,
      ctx.runtime.outbox.queueTransitions(invitationIds, 'checkOut', 'desk', {
        holdMs: CHECK_OUT_UNDO_MS,
        made: madeAt(ctx),
      }),
    ),
  // Only check-outs still held back are taken back; the others are refused with the reason.
  'guests.undoCheckOutMany': ({ invitationIds }, ctx) =>
    answer(ctx, ctx.runtime.outbox.cancelHeldCheckOuts(invitationIds)),
};
