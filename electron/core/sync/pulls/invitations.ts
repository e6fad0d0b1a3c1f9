/**
 * Invitations of the location in the window. Unlike the other listings this
 * one has a change filter (updatedSince), so most pulls ask only for what
 * changed since the watermark; a full listing, on its own interval, is what
 * removes what the service no longer lists.
 */
import { withoutForgotten } from '../../forget/forgotten-ids.ts';
import { LIMITS, type ReceptionInvitation } from '../../../../shared/api/index.ts';
import type { Config } from '../../config/config.ts';
import { utc } from '../../db/repos/util.ts';
import { stateKey, type PullContext, type PullResult } from './context.ts';
import { fetchedPage, pullListing } from './listing.ts';
import { removeConfirmed } from './removals.ts';
import { DAY, iso, localMidnight } from '../../../../shared/time.ts';

/**
 * The invitations a mirror holds: those whose event overlaps the whole local
 * days from `windowDaysBack` days ago (the desk shows a day at a time:
 * yesterday is all of yesterday, in the evening too) to `windowDaysAhead`
 * days from now.
 */
export function syncWindow(config: Config, now: number) {
  return { from: iso(localMidnight(now, config.windowDaysBack)), to: iso(now + config.windowDaysAhead * DAY) };
}

/**
 * `incremental` asks only for what changed since the watermark; `full` lists
 * everything and removes what the service no longer lists (deleted, drafts,
 * moved away).
 */
export async function pullInvitations(ctx: PullContext, mode: 'incremental' | 'full'): Promise<PullResult> {
  const { mirror, api, config } = ctx;
  const now = ctx.now();
  const window = syncWindow(config, now);
  const resource = stateKey('invitations', config);
  const state = mirror.syncState.get(resource);
  const since = mode === 'incremental' ? state?.watermark : undefined;
  const incremental = Boolean(since);
  const updatedSince = since ? iso(Date.parse(since) - config.watermarkMarginSeconds * 1000) : undefined;
  let newest = state?.watermark ?? null;
  // Into an empty mirror (the first sync of a site), the indexes are made once at the end (bulk-load.ts):
  // maintaining them row by row is most of the cost of a large first sync.
  const bulk = !incremental && mirror.invitations.count() === 0;
  if (bulk) mirror.bulkLoad.begin();
  try {
    const pulled = await pullListing(
      ctx,
      {
        resource,
        what: 'invitation',
        pageSize: LIMITS.invitations.maxLimit,
        idOf: (invitation: ReceptionInvitation) => invitation.id,
        fetch: async (offset, limit, options) => {
          const answer = await api.call(
            'listInvitations',
            {
              params: { locationId: config.locationId },
              query: { endsAfter: window.from, beginsBefore: window.to, updatedSince, limit, offset },
            },
            options,
          );
          return fetchedPage(answer, answer.invitations);
        },
        // A visitor forgotten on request stays forgotten: the service still lists them (forget/forget.ts).
        apply: (items) => mirror.invitations.upsertMany(withoutForgotten(mirror, 'invitation', items)),
      },
      {
        onItems: (items) => {
          for (const item of items) {
            const updatedAt = utc(item.updatedAt);
            if (newest === null || updatedAt > newest) newest = updatedAt;
          }
        },
      },
      (walk, warnings) => {
        const at = iso(ctx.now());
        let removed = 0;
        if (!incremental && walk.complete) {
          const where = { locationId: config.locationId, ...window };
          const seen = JSON.stringify([...walk.ids]);
          const onSite = new Set(mirror.checkIns.idsInStates(config.locationId, config.flow.onsite));
          removed = removeConfirmed(
            ctx,
            {
              resource,
              unseen: mirror.invitations.unseenIds(where, seen).map((id) => ({ id, guarded: onSite.has(id) })),
              size: mirror.invitations.countInWindow(where),
              remove: (ids) => mirror.invitations.removeIds(ids),
            },
            warnings,
          );
          mirror.invitations.removeOrphans();
        }
        // A pull that did not see the whole listing must not move the watermark past what it missed.
        if (walk.complete) mirror.syncState.recordSuccess(resource, at, { watermark: newest, full: !incremental });
        return removed;
      },
    );
    const { received, pages, removed, complete, warnings } = pulled;
    return { received, pages, removed, complete, warnings };
  } finally {
    // The indexes are made after the last row (pullListing applies nothing after it ended). A load that could not
    // finish (the disk full as its indexes were made again) is finished by the next pull, whatever its kind: until
    // then the kiosk finds nobody.
    if (bulk || mirror.bulkLoad.unfinished()) await mirror.bulkLoad.finish();
  }
}
