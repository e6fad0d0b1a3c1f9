/** Access profile groups: reference data, refreshed in full; what the service no longer lists goes at once. */
import { type AccessProfileGroup, LIMITS } from '../../../../shared/api/index.ts';
import type { PullContext, PullResult } from './context.ts';
import { fetchedPage, refreshInFull } from './listing.ts';

export function pullGroups(ctx: PullContext): Promise<PullResult> {
  const { mirror, api } = ctx;
  return refreshInFull(ctx, {
    resource: 'groups',
    what: 'access profile group',
    pageSize: LIMITS.accessProfileGroups.maxLimit,
    idOf: (group: AccessProfileGroup) => group.sourceId,
    fetch: async (offset, limit, options) => {
      const answer = await api.call('listAccessProfileGroups', { query: { limit, offset } }, options);
      return fetchedPage(answer, answer.groups);
    },
    apply: (items) => mirror.groups.upsertMany(items),
    removeUnseen: (seen) => mirror.groups.removeUnseen(seen),
  });
}
