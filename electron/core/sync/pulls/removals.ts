/**
 * The rule that holds removals back. A record the service no longer lists is
 * removed from the mirror, except what must not go on one odd answer: a
 * guest on site, or anything when the listing suddenly shrank.
 */
import type { SyncWarning } from '../status.ts';
import type { PullContext } from './context.ts';
import { warn } from './warnings.ts';

/**
 * A listing that suddenly shows this much less (at least SHRINK_MIN rows
 * and more than SHRINK_SHARE of them) is not believed on one answer.
 */
const SHRINK_MIN = 10;
const SHRINK_SHARE = 0.25;

/** A row of the mirror a complete listing did not show. */
export interface Unseen {
  id: string | number;
  /** Its removal would drop a guest who is on site. */
  guarded: boolean;
}

export interface Removal {
  /** The sync_state row the held removals are kept in. */
  resource: string;
  unseen: Unseen[];
  /** Rows of the mirror the listing covers, shown or not. */
  size: number;
  /** Removes these rows; returns how many went. */
  remove: (ids: (string | number)[]) => number;
}

/**
 * Removes what a complete listing no longer shows, except what must not go
 * on one odd answer. Those removals are held (kept in sync_state) until the
 * next complete listing agrees. Call inside the pull's transaction.
 */
export function removeConfirmed(ctx: PullContext, spec: Removal, warnings: SyncWarning[]): number {
  const { syncState } = ctx.mirror;
  const before = new Set(syncState.held(spec.resource).map(String));
  const shrank = spec.unseen.length >= SHRINK_MIN && spec.unseen.length > spec.size * SHRINK_SHARE;
  const now: (string | number)[] = [];
  const held: (string | number)[] = [];
  for (const u of spec.unseen)
    if ((shrank || u.guarded) && !before.has(String(u.id))) held.push(u.id);
    else now.push(u.id);
  if (held.length > 0 || before.size > 0) syncState.setHeld(spec.resource, held);
  if (held.length > 0)
    warn(
      warnings,
      ctx,
      'held',
      `${held.length} record(s) the service no longer lists are kept until the next listing confirms it ` +
        `(${shrank ? `the listing shrank by ${spec.unseen.length} of ${spec.size}` : 'guests on site'}): ` +
        `${held.slice(0, 10).join(', ')}${held.length > 10 ? ', …' : ''}`,
    );
  return now.length > 0 ? spec.remove(now) : 0;
}
