import { notFound } from '../errors.ts';
import { type Caller, locationOfCompany, normalizeTime, type StoreContext } from './context.ts';
import { jsonRows, listingJson, pageOf, type RawJson } from './paging.ts';

export interface InvitationsQueryValues {
  endsAfter: string;
  beginsBefore: string;
  updatedSince?: string | undefined;
  limit: number;
  offset: number;
}

/** Each invitation's wire JSON is kept in the row (see the migration's triggers): a page is a lookup. */
const ROWS = `SELECT i.wire FROM json_each(?) j JOIN invitations i ON i.id = j.value ORDER BY j.key`;

/**
 * Invitations of final, undeleted events at the location whose event ends
 * after `endsAfter` and starts before `beginsBefore`, ordered by the event's
 * start, then id. Both steps run on the `invitations_listing` index.
 */
export function listInvitations(
  ctx: StoreContext,
  caller: Caller,
  locationId: number,
  query: InvitationsQueryValues,
): RawJson {
  if (!locationOfCompany(ctx, caller, locationId)) throw notFound(`location ${locationId} does not exist`);
  const params: unknown[] = [locationId, normalizeTime(query.beginsBefore), normalizeTime(query.endsAfter)];
  let where = 'location_id = ? AND listed = 1 AND event_starts_at < ? AND event_ends_at > ?';
  if (query.updatedSince !== undefined) {
    where += ' AND updated_at > ?';
    params.push(normalizeTime(query.updatedSince));
  }
  const { ids, totalCount } = pageOf(
    ctx,
    `SELECT id FROM invitations WHERE ${where} ORDER BY event_starts_at, id`,
    params,
    query,
  );
  return listingJson('invitations', jsonRows(ctx, ids, ROWS), totalCount);
}
