import { LIMITS, TRANSITION_EVENT_NAMES, type KnownTransitionEventName } from '../../shared/api/index.ts';
import { notFound, ServiceError, validationError } from '../errors.ts';
import { issueAccessControl } from './access-control.ts';
import { type Caller, json, locationOfCompany, sql, type StoreContext } from './context.ts';
import { jsonRows, listingJson, pageOf, RawJson } from './paging.ts';
import { iso } from '../../shared/time.ts';

interface CheckInRow {
  id: number;
  state: string;
  arrived_at: string | null;
  access_control: string | null;
  starts_at: string;
  ends_at: string;
  draft: number;
  company_id: number;
}

const FROM = `FROM check_ins k JOIN invitations i ON i.id = k.id JOIN events e ON e.id = i.event_id
  JOIN contacts c ON c.id = i.contact_id`;

/** `,"name":value` when the SQL expression is not NULL, else nothing: optional fields are absent on the wire. */
const member = (name: string, expression: string) =>
  `iif(${expression} IS NULL, '', ',"${name}":' || json_quote(${expression}))`;
/** The same for a column holding JSON text; json_patch drops null members at every depth (only when there may be any). */
const jsonMember = (name: string, column: string) =>
  `iif(${column} IS NULL, '', ',"${name}":' || iif(instr(${column}, 'null'), json_patch('{}', ${column}), ${column}))`;
const object = (members: string[]) => `'{' || ltrim(${members.join(' || ')}, ',') || '}'`;

/**
 * The wire JSON of a check-in, written by SQLite as text: concatenation costs
 * a fraction of building it with json_object and patching the nulls away.
 */
const CHECK_IN_JSON = object([
  member('id', 'k.id'),
  member('state', 'k.state'),
  member('email', 'c.email'),
  member('firstName', 'c.first_name'),
  member('lastName', 'c.last_name'),
  member('birthdate', 'c.birthdate'),
  member('companyName', 'c.company_name'),
  member('language', 'c.language'),
  member('arrivedAt', 'k.arrived_at'),
  member('leftAt', 'k.left_at'),
  `',"legitimation":' || ${object([
    member('sourceId', 'i.source_id'),
    member('startsAt', 'e.starts_at'),
    member('endsAt', 'e.ends_at'),
    `',"guest":' || ${object([
      member('firstName', 'c.first_name'),
      member('lastName', 'c.last_name'),
      member('birthdate', 'c.birthdate'),
    ])}`,
  ])}`,
  jsonMember('trustedId', 'k.trusted_id'),
  jsonMember('accessControl', 'k.access_control'),
  jsonMember('customFields', 'i.custom_fields'),
]);

function loadCheckIn(ctx: StoreContext, caller: Caller, id: number): CheckInRow {
  const row = sql(
    ctx,
    `SELECT k.id, k.state, k.arrived_at, k.access_control, e.starts_at, e.ends_at, e.draft, e.company_id ${FROM} WHERE k.id = ?`,
  ).get(id) as CheckInRow | undefined;
  if (!row || row.company_id !== caller.companyId) throw notFound(`check-in ${id} does not exist`);
  return row;
}

const invalidTransition = (message: string) => new ServiceError(409, 'INVALID_TRANSITION', message);

const isKnownTransition = (name: string): name is KnownTransitionEventName =>
  (TRANSITION_EVENT_NAMES as readonly string[]).includes(name);

export function transitionCheckIn(ctx: StoreContext, caller: Caller, eventName: string, id: number): RawJson {
  if (!isKnownTransition(eventName))
    throw validationError(`unknown eventName "${eventName}"`, [
      { path: 'eventName', message: `must be one of ${TRANSITION_EVENT_NAMES.join(', ')}` },
    ]);
  return ctx.db.transaction(() => {
    const row = loadCheckIn(ctx, caller, id);
    const now = ctx.now();
    const update = sql(
      ctx,
      'UPDATE check_ins SET state = ?, arrived_at = ?, left_at = ?, access_control = ?, updated_at = ? WHERE id = ?',
    );
    const expect = (state: string) => {
      if (row.state !== state)
        throw invalidTransition(`${eventName} is not allowed from state ${row.state} (check-in ${id})`);
    };
    switch (eventName) {
      case 'CHECK_IN': {
        if (row.draft === 1)
          throw invalidTransition(`the event of check-in ${id} is a draft; its invitations are not valid yet`);
        expect('EXPECTED');
        const opensAt = Date.parse(row.starts_at) - LIMITS.checkInEarlyMs;
        if (now < opensAt)
          throw invalidTransition(`check-in ${id} opens at ${iso(opensAt)}, 24 hours before the event starts`);
        if (now >= Date.parse(row.ends_at))
          throw invalidTransition(`the event of check-in ${id} ended at ${row.ends_at}`);
        const accessControl = issueAccessControl({ startsAt: row.starts_at, endsAt: row.ends_at });
        update.run('CHECKED_IN', iso(now), null, json(accessControl), iso(now), id);
        break;
      }
      case 'CHECK_OUT':
        expect('CHECKED_IN');
        update.run('CHECKED_OUT', row.arrived_at, iso(now), row.access_control, iso(now), id);
        break;
      case 'UNDO_CHECK_IN':
        expect('CHECKED_IN');
        update.run('EXPECTED', null, null, null, iso(now), id);
        break;
    }
    ctx.version.value++;
    return new RawJson(sql(ctx, `SELECT ${CHECK_IN_JSON} ${FROM} WHERE k.id = ?`).pluck().get(id) as string);
  })();
}

/** CHECKED_IN and CHECKED_OUT records of the location, ordered by id. */
export function listCheckIns(
  ctx: StoreContext,
  caller: Caller,
  locationId: number,
  query: { limit: number; offset: number },
): RawJson {
  if (!locationOfCompany(ctx, caller, locationId)) throw notFound(`location ${locationId} does not exist`);
  const where = `k.state IN ('CHECKED_IN', 'CHECKED_OUT') AND i.location_id = ?`;
  const from = 'FROM check_ins k JOIN invitations i ON i.id = k.id';
  const { ids, totalCount } = pageOf(ctx, `SELECT k.id ${from} WHERE ${where} ORDER BY k.id`, [locationId], query);
  const rows = jsonRows(
    ctx,
    ids,
    `SELECT ${CHECK_IN_JSON} FROM json_each(?) j JOIN check_ins k ON k.id = j.value JOIN invitations i ON i.id = k.id
     JOIN events e ON e.id = i.event_id JOIN contacts c ON c.id = i.contact_id ORDER BY j.key`,
  );
  return listingJson('checkIns', rows, totalCount);
}
