/**
 * A walk-in's visit comes back from the service: after each pull of the
 * invitations, each approved walk-in whose invitation the mirror now holds is
 * linked to it and checked in, in one transaction (so once).
 */
import { TransitionRefused } from '../outbox/transitions.ts';
import type { WalkInDeps } from './requests.ts';
import { walkInsOf, type WalkInRow } from './repo.ts';

/**
 * After a pull: each approved walk-in whose invitation the mirror now holds
 * is linked to it, and its check-in queued, in one transaction (so once).
 * A guest already on site (checked in elsewhere) is linked without a check-in.
 * `checkedIn` hears each check-in queued, once its transaction committed.
 */
export function linkWalkIns(
  deps: WalkInDeps,
  checkedIn?: (invitationId: number, source: WalkInRow['source']) => void,
): number {
  const { mirror, config, outbox, log } = deps;
  const repo = walkInsOf(mirror);
  let linked = 0;
  for (const row of repo.unlinked()) {
    const invitationId = repo.invitationOf(row.marker);
    if (invitationId === undefined) continue;
    const checkIn = mirror.transaction(() => {
      const guest = mirror.guests.byId(invitationId, config().flow);
      let checkIn: number | null = null;
      if (guest?.category === 'expected')
        try {
          checkIn = outbox.queueTransition(invitationId, 'checkIn', row.source).outboxId;
        } catch (error) {
          if (!(error instanceof TransitionRefused)) throw error;
          log?.(`walk-in ${row.id}: not checked in: ${error.message}`);
        }
      repo.link(row.id, invitationId, checkIn);
      return checkIn;
    });
    if (checkIn !== null) checkedIn?.(invitationId, row.source);
    linked += 1;
  }
  return linked;
}
