import type { PermanentIdentityItem, PermanentIdentityResult } from '../../shared/api/index.ts';
import { conflict, invalid, ItemRejection } from '../errors.ts';
import { type Caller, compact, accessProfileResolver, json, normalizeTime, sql, type StoreContext } from './context.ts';
import { iso } from '../../shared/time.ts';

interface IdentityRow {
  id: number;
  source_id: string | null;
  email: string | null;
  email_key: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  custom_fields: string | null;
  starts_at: string | null;
  ends_at: string | null;
  deleted_at: string | null;
}

/** `PUT /permanent-identities`: each item upserted on its own; results in request order. */
export function syncIdentities(
  ctx: StoreContext,
  caller: Caller,
  items: readonly PermanentIdentityItem[],
): PermanentIdentityResult[] {
  const resolver = accessProfileResolver(ctx, caller);
  return ctx.db.transaction(() => {
    const results = items.map((item): PermanentIdentityResult => {
      try {
        // Every rule is checked before the item's first write, so a rejected item needs no savepoint.
        return syncIdentity(ctx, caller, item, resolver);
      } catch (error) {
        if (!(error instanceof ItemRejection)) throw error;
        return compact({
          status: error.status,
          sourceId: item.sourceId,
          email: item.email,
          unknownAccessProfiles: [],
          message: error.message,
        });
      }
    });
    ctx.version.value++;
    return results;
  })();
}

/** Patch rule of identities: absent or null keeps, "" clears, anything else sets. */
const patch = (value: string | null | undefined, stored: string | null): string | null =>
  value === undefined || value === null ? stored : value === '' ? null : value;
const patchTime = (value: string | null | undefined, stored: string | null) =>
  value === undefined || value === null ? stored : value === '' ? null : normalizeTime(value);

const SELECT = 'SELECT * FROM permanent_identities WHERE company_id = ?';

function syncIdentity(
  ctx: StoreContext,
  caller: Caller,
  item: PermanentIdentityItem,
  resolver: ReturnType<typeof accessProfileResolver>,
): PermanentIdentityResult {
  const sourceId = item.sourceId || undefined;
  const email = item.email || undefined;
  if (!sourceId && !email) throw invalid('an identity needs a sourceId or an email');

  const bySource = sourceId
    ? (sql(ctx, `${SELECT} AND source_id = ?`).get(caller.companyId, sourceId) as IdentityRow | undefined)
    : undefined;
  const byEmail =
    !bySource && email
      ? (sql(ctx, `${SELECT} AND email_key = ?`).get(caller.companyId, email.toLowerCase()) as IdentityRow | undefined)
      : undefined;
  const stored = bySource ?? byEmail;

  let nextEmail = stored?.email ?? null;
  let nextSourceId = stored?.source_id ?? sourceId ?? null;
  if (byEmail) {
    // Matched by email: the stored email stays; a sourceId is attached only where there is none.
    if (sourceId && byEmail.source_id && byEmail.source_id !== sourceId)
      throw conflict(`the identity with email ${byEmail.email} already has sourceId "${byEmail.source_id}"`);
  } else if (item.email !== undefined && item.email !== null) {
    nextEmail = item.email === '' ? null : item.email;
    const key = nextEmail?.toLowerCase() ?? null;
    // A new identity was already looked up by this email (byEmail) and found none.
    const alreadyFree = !stored && key === email?.toLowerCase();
    if (key !== null && key !== stored?.email_key && !alreadyFree) {
      const holder = sql(ctx, `${SELECT} AND email_key = ?`).get(caller.companyId, key) as IdentityRow | undefined;
      if (holder && holder.id !== stored?.id)
        throw conflict(`another identity (sourceId "${holder.source_id ?? ''}") already has email ${nextEmail}`);
    }
  }
  if (!nextSourceId && sourceId) nextSourceId = sourceId;

  const next = {
    sourceId: nextSourceId,
    email: nextEmail,
    emailKey: nextEmail?.toLowerCase() ?? null,
    firstName: patch(item.firstName, stored?.first_name ?? null),
    lastName: patch(item.lastName, stored?.last_name ?? null),
    companyName: patch(item.companyName, stored?.company_name ?? null),
    customFields: item.customFields ? json(item.customFields) : (stored?.custom_fields ?? null),
    startsAt: patchTime(item.startsAt, stored?.starts_at ?? null),
    endsAt: patchTime(item.endsAt, stored?.ends_at ?? null),
    deletedAt: patchTime(item.deletedAt, stored?.deleted_at ?? null),
    now: iso(ctx.now()),
  };
  if (next.startsAt && next.endsAt && next.startsAt >= next.endsAt)
    throw invalid(`startsAt (${next.startsAt}) must be before endsAt (${next.endsAt})`);

  let id: number;
  if (stored) {
    id = stored.id;
    const unchanged =
      next.sourceId === stored.source_id &&
      next.email === stored.email &&
      next.firstName === stored.first_name &&
      next.lastName === stored.last_name &&
      next.companyName === stored.company_name &&
      next.customFields === stored.custom_fields &&
      next.startsAt === stored.starts_at &&
      next.endsAt === stored.ends_at &&
      next.deletedAt === stored.deleted_at;
    if (!unchanged)
      sql(
        ctx,
        `UPDATE permanent_identities SET source_id = @sourceId, email = @email, email_key = @emailKey,
           first_name = @firstName, last_name = @lastName, company_name = @companyName, custom_fields = @customFields,
           starts_at = @startsAt, ends_at = @endsAt, deleted_at = @deletedAt, updated_at = @now
         WHERE id = @id`,
      ).run({ ...next, id });
  } else {
    id = sql(
      ctx,
      `INSERT INTO permanent_identities (company_id, source_id, email, email_key, first_name, last_name, company_name,
         custom_fields, starts_at, ends_at, deleted_at, created_at, updated_at)
       VALUES (@companyId, @sourceId, @email, @emailKey, @firstName, @lastName, @companyName, @customFields,
         @startsAt, @endsAt, @deletedAt, @now, @now)`,
    ).run({ ...next, companyId: caller.companyId }).lastInsertRowid as number;
  }

  let unknownAccessProfiles: PermanentIdentityResult['unknownAccessProfiles'] = [];
  if (item.accessProfiles) {
    const { resolved, unknown } = resolver(item.accessProfiles);
    unknownAccessProfiles = unknown;
    if (stored) sql(ctx, 'DELETE FROM permanent_identity_access_profiles WHERE identity_id = ?').run(id);
    const insert = sql(
      ctx,
      'INSERT OR IGNORE INTO permanent_identity_access_profiles (identity_id, group_id, profile_source_id) VALUES (?, ?, ?)',
    );
    for (const ref of resolved) insert.run(id, ref.groupId, ref.sourceId);
  }
  return compact({ status: 'SUCCESS', sourceId: next.sourceId, email: next.email, unknownAccessProfiles });
}
