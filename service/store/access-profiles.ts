import type { AccessProfileGroupsPage, AccessProfileItem } from '../../shared/api/index.ts';
import { notFound } from '../errors.ts';
import { type Caller, compact, iso, mappedGroupId, sql, type StoreContext } from './context.ts';
import { cachedCount } from './paging.ts';

/** Groups mapped to the caller's integration, ordered by sourceId. */
export function listAccessProfileGroups(
  ctx: StoreContext,
  caller: Caller,
  query: { limit: number; offset: number },
): AccessProfileGroupsPage {
  const from = `FROM access_profile_groups g JOIN integration_groups m ON m.group_id = g.id AND m.integration_id = ?
    JOIN locations l ON l.id = g.location_id`;
  const totalCount = cachedCount(ctx, `SELECT count(*) AS n ${from}`, [caller.integrationId]);
  const rows = sql(
    ctx,
    `SELECT g.source_id, g.name, g.created_at, g.updated_at, l.id AS location_id, l.name AS location_name
     ${from} ORDER BY g.source_id LIMIT ? OFFSET ?`,
  ).all(caller.integrationId, query.limit, query.offset) as {
    source_id: string;
    name: string;
    created_at: string;
    updated_at: string;
    location_id: number;
    location_name: string;
  }[];
  return {
    groups: rows.map((row) =>
      compact({
        sourceId: row.source_id,
        name: row.name,
        location: { id: row.location_id, name: row.location_name },
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }),
    ),
    pageInfo: { totalCount },
  };
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
