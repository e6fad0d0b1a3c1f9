import type { InvitationsPage, ReceptionInvitation } from '../../shared/api/index.ts';
import { notFound } from '../errors.ts';
import { type Caller, compact, locationOfCompany, normalizeTime, sql, type StoreContext } from './context.ts';
import { cachedCount, rowsInOrder } from './paging.ts';

export interface InvitationsQueryValues {
  endsAfter: string;
  beginsBefore: string;
  updatedSince?: string | undefined;
  limit: number;
  offset: number;
}

interface InvitationRow {
  id: number;
  created_at: string;
  updated_at: string;
  e_id: number;
  e_name: string;
  e_description: string | null;
  e_starts_at: string;
  e_ends_at: string;
  e_location_id: number;
  e_host_id: number;
  e_draft: number;
  e_created_at: string;
  e_updated_at: string;
  c_id: number;
  c_email: string | null;
  c_first_name: string | null;
  c_last_name: string | null;
  c_birthdate: string | null;
  c_company_name: string | null;
  c_language: string | null;
  c_created_at: string;
  c_updated_at: string;
}

const ROWS = `
  SELECT i.id, i.created_at, i.updated_at,
    e.id AS e_id, e.name AS e_name, e.description AS e_description, e.starts_at AS e_starts_at,
    e.ends_at AS e_ends_at, e.location_id AS e_location_id, e.host_id AS e_host_id, e.draft AS e_draft,
    e.created_at AS e_created_at, e.updated_at AS e_updated_at,
    c.id AS c_id, c.email AS c_email, c.first_name AS c_first_name, c.last_name AS c_last_name,
    c.birthdate AS c_birthdate, c.company_name AS c_company_name, c.language AS c_language,
    c.created_at AS c_created_at, c.updated_at AS c_updated_at
  FROM invitations i JOIN events e ON e.id = i.event_id JOIN contacts c ON c.id = i.contact_id
  WHERE i.id IN (SELECT value FROM json_each(?))`;

function toWire(row: InvitationRow): ReceptionInvitation {
  return {
    id: row.id,
    event: compact({
      id: row.e_id,
      name: row.e_name,
      description: row.e_description,
      startsAt: row.e_starts_at,
      endsAt: row.e_ends_at,
      locationId: row.e_location_id,
      hostId: row.e_host_id,
      draft: row.e_draft === 1,
      createdAt: row.e_created_at,
      updatedAt: row.e_updated_at,
    }),
    contact: compact({
      id: row.c_id,
      email: row.c_email,
      firstName: row.c_first_name,
      lastName: row.c_last_name,
      birthdate: row.c_birthdate,
      companyName: row.c_company_name,
      language: row.c_language,
      createdAt: row.c_created_at,
      updatedAt: row.c_updated_at,
    }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

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
): InvitationsPage {
  if (!locationOfCompany(ctx, caller, locationId)) throw notFound(`location ${locationId} does not exist`);
  const params: unknown[] = [locationId, normalizeTime(query.beginsBefore), normalizeTime(query.endsAfter)];
  let where = 'location_id = ? AND listed = 1 AND event_starts_at < ? AND event_ends_at > ?';
  if (query.updatedSince !== undefined) {
    where += ' AND updated_at > ?';
    params.push(normalizeTime(query.updatedSince));
  }
  const totalCount = cachedCount(ctx, `SELECT count(*) AS n FROM invitations WHERE ${where}`, params);
  const ids = sql(ctx, `SELECT id FROM invitations WHERE ${where} ORDER BY event_starts_at, id LIMIT ? OFFSET ?`)
    .pluck()
    .all(...params, query.limit, query.offset) as number[];
  return { invitations: rowsInOrder<InvitationRow>(ctx, ids, ROWS).map(toWire), pageInfo: { totalCount } };
}
