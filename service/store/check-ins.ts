import {
  type CheckIn,
  type CheckInsPage,
  LIMITS,
  TRANSITION_EVENT_NAMES,
  type KnownTransitionEventName,
} from '../../shared/api/index.ts';
import { notFound, ServiceError, validationError } from '../errors.ts';
import { issueAccessControl } from './access-control.ts';
import { type Caller, compact, iso, json, locationOfCompany, parseJson, sql, type StoreContext } from './context.ts';
import { cachedCount, rowsInOrder } from './paging.ts';

interface CheckInRow {
  id: number;
  state: string;
  arrived_at: string | null;
  left_at: string | null;
  trusted_id: string | null;
  access_control: string | null;
  source_id: string;
  custom_fields: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  birthdate: string | null;
  company_name: string | null;
  language: string | null;
  starts_at: string;
  ends_at: string;
  draft: number;
  company_id: number;
}

const SELECT = `
  SELECT k.id, k.state, k.arrived_at, k.left_at, k.trusted_id, k.access_control,
    i.source_id, i.custom_fields, c.email, c.first_name, c.last_name, c.birthdate, c.company_name, c.language,
    e.starts_at, e.ends_at, e.draft, e.company_id
  FROM check_ins k JOIN invitations i ON i.id = k.id JOIN events e ON e.id = i.event_id
  JOIN contacts c ON c.id = i.contact_id`;

function toWire(row: CheckInRow): CheckIn {
  return compact({
    id: row.id,
    state: row.state,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    birthdate: row.birthdate,
    companyName: row.company_name,
    language: row.language,
    arrivedAt: row.arrived_at,
    leftAt: row.left_at,
    legitimation: {
      sourceId: row.source_id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      guest: compact({ firstName: row.first_name, lastName: row.last_name, birthdate: row.birthdate }),
    },
    trustedId: parseJson(row.trusted_id),
    accessControl: parseJson(row.access_control),
    customFields: parseJson(row.custom_fields),
  });
}

function loadCheckIn(ctx: StoreContext, caller: Caller, id: number): CheckInRow {
  const row = sql(ctx, `${SELECT} WHERE k.id = ?`).get(id) as CheckInRow | undefined;
  if (!row || row.company_id !== caller.companyId) throw notFound(`check-in ${id} does not exist`);
  return row;
}

const invalidTransition = (message: string) => new ServiceError(409, 'INVALID_TRANSITION', message);

const isKnownTransition = (name: string): name is KnownTransitionEventName =>
  (TRANSITION_EVENT_NAMES as readonly string[]).includes(name);

export function transitionCheckIn(ctx: StoreContext, caller: Caller, eventName: string, id: number): CheckIn {
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
    return toWire(loadCheckIn(ctx, caller, id));
  })();
}

/** CHECKED_IN and CHECKED_OUT records of the location, ordered by id. */
export function listCheckIns(
  ctx: StoreContext,
  caller: Caller,
  locationId: number,
  query: { limit: number; offset: number },
): CheckInsPage {
  if (!locationOfCompany(ctx, caller, locationId)) throw notFound(`location ${locationId} does not exist`);
  const where = `k.state IN ('CHECKED_IN', 'CHECKED_OUT') AND i.location_id = ?`;
  const from = 'FROM check_ins k JOIN invitations i ON i.id = k.id';
  const totalCount = cachedCount(ctx, `SELECT count(*) AS n ${from} WHERE ${where}`, [locationId]);
  const ids = sql(ctx, `SELECT k.id ${from} WHERE ${where} ORDER BY k.id LIMIT ? OFFSET ?`)
    .pluck()
    .all(locationId, query.limit, query.offset) as number[];
  return {
    checkIns: rowsInOrder<CheckInRow>(ctx, ids, `${SELECT} WHERE k.id IN (SELECT value FROM json_each(?))`).map(toWire),
    pageInfo: { totalCount },
  };
}
