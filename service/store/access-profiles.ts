import type { AccessProfileItem } from '../../shared/api/index.ts';
import { notFound } from '../errors.ts';
import { type Caller, mappedGroupId, sql, type StoreContext } from './context.ts';
import { jsonRows, listingJson, pageOf, type RawJson } from './paging.ts';
import { iso } from '../../shared/time.ts';

/** Groups mapped to the caller's integration, ordered by sourceId. */
export function listAccessProfileGroups(
  ctx: StoreContext,
  caller: Caller,
  query: { limit: number; offset: number },
): RawJson {
  const { ids, totalCount } = pageOf(
    ctx,
    `SELECT g.id FROM access_profile_groups g JOIN integration_groups m ON m.group_id = g.id AND m.integration_id = ?
     ORDER BY g.source_id`,
    [caller.integrationId],
    query,
  );
  const rows = jsonRows(
    ctx,
    ids,
    `SELECT json_patch('{}', json_object('sourceId', g.source_id, 'name', g.name,
       'location', json_object('id', l.id, 'name', l.name), 'createdAt', g.created_at, 'updatedAt', g.updated_at))
     FROM json_each(?) j JOIN access_profile_groups g ON g.id = j.value JOIN locations l ON l.id = g.location_id
     ORDER BY j.key`,
  );
  return listingJson('groups', rows, totalCount);
}

/** Replaces the whole set of profiles of a mapped group. */
export function uploadAccessProfiles(
  ctx: StoreContext,
  caller: Caller,
  groupSourceId: string,
  profiles: readonly AccessProfileItem[],
): void {
  const groupId = mappedGroupId(ctx, caller, groupSourceId);
  if (groupId === undefined) throw notFound(`access profile group "${groupSourceId}" does not exist`);
  ctx.db.transaction(() => {
    sql(ctx, 'DELETE FROM access_profiles WHERE group_id = ?').run(groupId);
    const insert = sql(ctx, 'INSERT INTO access_profiles (group_id, source_id, name, description) VALUES (?, ?, ?, ?)');
    for (const profile of profiles) insert.run(groupId, profile.sourceId, profile.name, profile.description ?? null);
    sql(ctx, 'UPDATE access_profile_groups SET updated_at = ? WHERE id = ?').run(iso(ctx.now()), groupId);
    ctx.version.value++;
  })();
}
