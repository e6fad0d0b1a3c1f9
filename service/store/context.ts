import type Database from 'better-sqlite3';
import { iso } from '../../shared/time.ts';

/** Who is calling: resolved from the bearer token. */
export interface Caller {
  integrationId: number;
  companyId: number;
  defaultHostId: number;
}

export interface StoreContext {
  db: Database.Database;
  /** Milliseconds since the epoch; injectable for tests. */
  now: () => number;
  /** Bumped by every write, so cached counts know when they are stale. */
  version: { value: number };
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A prepared statement, prepared once per database and reused. */
export function sql(ctx: StoreContext, text: string): Database.Statement {
  let cache = statements.get(ctx.db);
  if (!cache) statements.set(ctx.db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = ctx.db.prepare(text)));
  return statement;
}

/** Input timestamps may carry any offset; stored ones are UTC with milliseconds, so they compare as text. */
export const normalizeTime = (value: string) => iso(new Date(value));

export const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Drops null and undefined members, so optional fields are absent rather than null on the wire. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === null || value[key] === undefined) delete value[key];
  return value;
}

export function findCaller(ctx: StoreContext, token: string): Caller | undefined {
  return sql(
    ctx,
    'SELECT id AS integrationId, company_id AS companyId, default_host_id AS defaultHostId FROM integrations WHERE token = ?',
  ).get(token) as Caller | undefined;
}

export function locationOfCompany(ctx: StoreContext, caller: Caller, locationId: number) {
  return sql(ctx, 'SELECT id, name FROM locations WHERE id = ? AND company_id = ?').get(
    locationId,
    caller.companyId,
  ) as { id: number; name: string } | undefined;
}

/** Mapped group id of the caller's integration, by group sourceId. */
export function mappedGroupId(ctx: StoreContext, caller: Caller, groupSourceId: string): number | undefined {
  const row = sql(
    ctx,
    `SELECT g.id FROM access_profile_groups g
     JOIN integration_groups m ON m.group_id = g.id AND m.integration_id = ?
     WHERE g.company_id = ? AND g.source_id = ?`,
  ).get(caller.integrationId, caller.companyId, groupSourceId) as { id: number } | undefined;
  return row?.id;
}

type Reference = { accessProfileGroupSourceId: string; sourceId: string };

/**
 * Resolves access profile references among the caller's mapped groups. One
 * resolver serves a whole request: each group is looked up once.
 */
export function accessProfileResolver(ctx: StoreContext, caller: Caller) {
  const groups = new Map<string, number | undefined>();
  const profileExists = sql(ctx, 'SELECT 1 AS found FROM access_profiles WHERE group_id = ? AND source_id = ?');
  return (refs: readonly Reference[]) => {
    const resolved: { groupId: number; sourceId: string }[] = [];
    const unknown: Reference[] = [];
    for (const ref of refs) {
      if (!groups.has(ref.accessProfileGroupSourceId))
        groups.set(ref.accessProfileGroupSourceId, mappedGroupId(ctx, caller, ref.accessProfileGroupSourceId));
      const groupId = groups.get(ref.accessProfileGroupSourceId);
      if (groupId !== undefined && profileExists.get(groupId, ref.sourceId))
        resolved.push({ groupId, sourceId: ref.sourceId });
      else unknown.push({ accessProfileGroupSourceId: ref.accessProfileGroupSourceId, sourceId: ref.sourceId });
    }
    return { resolved, unknown };
  };
}

/** Runs one item of a synchronisation request in a savepoint: a rejected item leaves no trace. */
export function inSavepoint<T>(ctx: StoreContext, work: () => T): T {
  return ctx.db.transaction(work)();
}
