import type { EventSyncItem, EventSyncResult, InvitationItem } from '../../shared/api/index.ts';
import { conflict, invalid, ItemRejection } from '../errors.ts';
import {
  accessProfileResolver,
  type Caller,
  inSavepoint,
  json,
  locationOfCompany,
  normalizeTime,
  sql,
  type StoreContext,
} from './context.ts';
import { iso } from '../../shared/time.ts';

interface EventRow {
  id: number;
  name: string;
  description: string | null;
  starts_at: string;
  ends_at: string;
  location_id: number;
  entrance_id: number | null;
  draft: number;
  custom_fields: string | null;
  source_updated_at: string | null;
  deleted_at: string | null;
}

interface InvitationRow {
  id: number;
  contact_id: number;
  custom_fields: string | null;
  deleted_at: string | null;
}

interface ContactRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
}

/** `PUT /events`: each item upserted on its own; results in request order. */
export function syncEvents(ctx: StoreContext, caller: Caller, items: readonly EventSyncItem[]): EventSyncResult[] {
  return ctx.db.transaction(() => {
    const results = items.map((item) => {
      try {
        inSavepoint(ctx, () => syncEvent(ctx, caller, item));
        return { sourceId: item.sourceId, status: 'SUCCESS' };
      } catch (error) {
        if (error instanceof ItemRejection)
          return { sourceId: item.sourceId, status: error.status, message: error.message };
        throw error;
      }
    });
    ctx.version.value++;
    return results;
  })();
}

const pick = <T>(value: T | null | undefined, stored: T): T => (value === undefined || value === null ? stored : value);

function syncEvent(ctx: StoreContext, caller: Caller, item: EventSyncItem): void {
  const now = iso(ctx.now());
  const existing = sql(ctx, 'SELECT * FROM events WHERE company_id = ? AND source_id = ?').get(
    caller.companyId,
    item.sourceId,
  ) as EventRow | undefined;

  if (existing?.deleted_at) {
    if (item.deletedAt) return; // deleting again is a no-op, so a retried request succeeds
    throw conflict(`event "${item.sourceId}" was deleted at ${existing.deleted_at} and cannot be changed`);
  }
  if (!existing && item.deletedAt) return; // nothing to delete

  const merged = {
    name: pick(item.name, existing?.name),
    description: pick(item.description, existing?.description ?? null),
    startsAt: item.startsAt ? normalizeTime(item.startsAt) : existing?.starts_at,
    endsAt: item.endsAt ? normalizeTime(item.endsAt) : existing?.ends_at,
    locationId: pick(item.locationId, existing?.location_id),
    entranceId: pick(item.entranceId, existing?.entrance_id ?? null),
    customFields: item.customFields ? json(item.customFields) : (existing?.custom_fields ?? null),
    sourceUpdatedAt: item.updatedAt ? normalizeTime(item.updatedAt) : (existing?.source_updated_at ?? null),
    draft: existing ? existing.draft : item.draft ? 1 : 0,
  };
  const missing = (['name', 'startsAt', 'endsAt', 'locationId'] as const).filter(
    (field) => merged[field] === undefined || merged[field] === '',
  );
  if (missing.length > 0) throw invalid(`the event needs ${missing.join(', ')}${existing ? '' : ' (it is new)'}`);
  const { name, startsAt, endsAt, locationId } = merged as typeof merged & {
    name: string;
    startsAt: string;
    endsAt: string;
    locationId: number;
  };
  if (item.locationId !== undefined && item.locationId !== null && !locationOfCompany(ctx, caller, item.locationId))
    throw invalid(`locationId ${item.locationId} is not a location of your company`);
  if (startsAt >= endsAt) throw invalid(`startsAt (${startsAt}) must be before endsAt (${endsAt})`);
  if (existing && item.draft === true && existing.draft === 0)
    throw conflict(`event "${item.sourceId}" is final and cannot become a draft again`);
  if (existing && item.draft === false) merged.draft = 0;

  let eventId: number;
  let eventChanged: boolean;
  if (!existing) {
    eventId = sql(
      ctx,
      `INSERT INTO events (company_id, source_id, name, description, starts_at, ends_at, location_id, entrance_id,
         host_id, draft, custom_fields, source_updated_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      caller.companyId,
      item.sourceId,
      name,
      merged.description,
      startsAt,
      endsAt,
      locationId,
      merged.entranceId,
      caller.defaultHostId,
      merged.draft,
      merged.customFields,
      merged.sourceUpdatedAt,
      now,
      now,
    ).lastInsertRowid as number;
    eventChanged = true;
  } else {
    eventId = existing.id;
    eventChanged =
      name !== existing.name ||
      merged.description !== existing.description ||
      startsAt !== existing.starts_at ||
      endsAt !== existing.ends_at ||
      locationId !== existing.location_id ||
      merged.entranceId !== existing.entrance_id ||
      merged.draft !== existing.draft ||
      merged.customFields !== existing.custom_fields ||
      merged.sourceUpdatedAt !== existing.source_updated_at;
    if (eventChanged)
      sql(
        ctx,
        `UPDATE events SET name = ?, description = ?, starts_at = ?, ends_at = ?, location_id = ?, entrance_id = ?,
           draft = ?, custom_fields = ?, source_updated_at = ?, updated_at = ? WHERE id = ?`,
      ).run(
        name,
        merged.description,
        startsAt,
        endsAt,
        locationId,
        merged.entranceId,
        merged.draft,
        merged.customFields,
        merged.sourceUpdatedAt,
        now,
        eventId,
      );
  }

  if (item.accessProfiles) {
    const { resolved } = accessProfileResolver(ctx, caller)(item.accessProfiles);
    sql(ctx, 'DELETE FROM event_access_profiles WHERE event_id = ?').run(eventId);
    const insert = sql(
      ctx,
      'INSERT OR IGNORE INTO event_access_profiles (event_id, group_id, profile_source_id) VALUES (?, ?, ?)',
    );
    for (const ref of resolved) insert.run(eventId, ref.groupId, ref.sourceId);
  }

  for (const [index, invitation] of (item.invitations ?? []).entries())
    syncInvitation(ctx, caller, eventId, invitation, index, now);

  if (item.deletedAt) {
    deleteEvent(ctx, eventId, normalizeTime(item.deletedAt), now);
    return;
  }
  // The listing columns follow the event; any change to it moves its invitations' updatedAt.
  if (eventChanged)
    sql(
      ctx,
      `UPDATE invitations SET location_id = ?, event_starts_at = ?, event_ends_at = ?,
         listed = (? = 0 AND deleted_at IS NULL), updated_at = ? WHERE event_id = ?`,
    ).run(locationId, startsAt, endsAt, merged.draft, now, eventId);
}

function deleteEvent(ctx: StoreContext, eventId: number, deletedAt: string, now: string) {
  sql(ctx, 'UPDATE events SET deleted_at = ?, updated_at = ? WHERE id = ?').run(deletedAt, now, eventId);
  sql(
    ctx,
    `UPDATE check_ins SET state = 'CANCELLED', updated_at = ?
     WHERE state = 'EXPECTED' AND id IN (SELECT id FROM invitations WHERE event_id = ?)`,
  ).run(now, eventId);
  sql(
    ctx,
    'UPDATE invitations SET deleted_at = coalesce(deleted_at, ?), listed = 0, updated_at = ? WHERE event_id = ?',
  ).run(deletedAt, now, eventId);
}

function syncInvitation(
  ctx: StoreContext,
  caller: Caller,
  eventId: number,
  item: InvitationItem,
  index: number,
  now: string,
): void {
  const existing = sql(
    ctx,
    'SELECT id, contact_id, custom_fields, deleted_at FROM invitations WHERE event_id = ? AND source_id = ?',
  ).get(eventId, item.sourceId) as InvitationRow | undefined;
  if (!existing && item.deletedAt) return;
  if (!existing && !item.email && !item.firstName && !item.lastName)
    throw invalid(`invitations[${index}] ("${item.sourceId}") is new and needs an email or a name`);

  let contactId = existing?.contact_id;
  if (item.email) contactId = contactByEmail(ctx, caller, item.email, now);
  if (contactId === undefined)
    contactId = sql(ctx, 'INSERT INTO contacts (company_id, created_at, updated_at) VALUES (?, ?, ?)').run(
      caller.companyId,
      now,
      now,
    ).lastInsertRowid as number;
  updateContact(ctx, contactId, item, now);

  const customFields = item.customFields ? json(item.customFields) : (existing?.custom_fields ?? null);
  if (!existing) {
    const event = sql(ctx, 'SELECT starts_at, ends_at, location_id, draft FROM events WHERE id = ?').get(eventId) as {
      starts_at: string;
      ends_at: string;
      location_id: number;
      draft: number;
    };
    const invitationId = sql(
      ctx,
      `INSERT INTO invitations (event_id, source_id, contact_id, custom_fields, created_at, updated_at,
         location_id, event_starts_at, event_ends_at, listed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      eventId,
      item.sourceId,
      contactId,
      customFields,
      now,
      now,
      event.location_id,
      event.starts_at,
      event.ends_at,
      event.draft === 0 ? 1 : 0,
    ).lastInsertRowid as number;
    sql(ctx, "INSERT INTO check_ins (id, state, updated_at) VALUES (?, 'EXPECTED', ?)").run(invitationId, now);
    return;
  }
  const deleting = Boolean(item.deletedAt) && !existing.deleted_at;
  if (contactId !== existing.contact_id || customFields !== existing.custom_fields || deleting)
    sql(ctx, 'UPDATE invitations SET contact_id = ?, custom_fields = ?, updated_at = ? WHERE id = ?').run(
      contactId,
      customFields,
      now,
      existing.id,
    );
  if (deleting) {
    sql(ctx, 'UPDATE invitations SET deleted_at = ?, listed = 0 WHERE id = ?').run(
      normalizeTime(item.deletedAt!),
      existing.id,
    );
    sql(ctx, "UPDATE check_ins SET state = 'CANCELLED', updated_at = ? WHERE id = ? AND state = 'EXPECTED'").run(
      now,
      existing.id,
    );
  }
}

/** The company's contact with this email (case-insensitive), created when there is none. */
function contactByEmail(ctx: StoreContext, caller: Caller, email: string, now: string): number {
  const key = email.toLowerCase();
  const found = sql(ctx, 'SELECT id FROM contacts WHERE company_id = ? AND email_key = ?').get(
    caller.companyId,
    key,
  ) as { id: number } | undefined;
  if (found) return found.id;
  return sql(
    ctx,
    'INSERT INTO contacts (company_id, email, email_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  ).run(caller.companyId, email, key, now, now).lastInsertRowid as number;
}

/** Writes the invitation's names onto its contact; a change moves every invitation of that contact. */
function updateContact(ctx: StoreContext, contactId: number, item: InvitationItem, now: string): void {
  const contact = sql(ctx, 'SELECT id, first_name, last_name, company_name FROM contacts WHERE id = ?').get(
    contactId,
  ) as ContactRow;
  const next = {
    first_name: pick(item.firstName, contact.first_name),
    last_name: pick(item.lastName, contact.last_name),
    company_name: pick(item.companyName, contact.company_name),
  };
  if (
    next.first_name === contact.first_name &&
    next.last_name === contact.last_name &&
    next.company_name === contact.company_name
  )
    return;
  sql(ctx, 'UPDATE contacts SET first_name = ?, last_name = ?, company_name = ?, updated_at = ? WHERE id = ?').run(
    next.first_name,
    next.last_name,
    next.company_name,
    now,
    contactId,
  );
  sql(ctx, 'UPDATE invitations SET updated_at = ? WHERE contact_id = ?').run(now, contactId);
}
