/**
 * The desk's read model: one page of a filtered, sorted view of the guests of
 * a location (a day, or the whole mirror for a search), the counts per
 * category, what changed since a version, and the day's overview. The view
 * is worked out in SQL so that the desk receives only the rows it shows.
 */
import type Database from 'better-sqlite3';
import { DEFAULT_FLOW, type FlowConfig, type GuestCategory } from '../../../../shared/domain/flow.ts';
import { ENDED_MARK_AFTER_MS } from '../../../../shared/domain/visit-end.ts';
import { HOUR, iso } from '../../../../shared/time.ts';
import {
  COLUMNS,
  FROM,
  FROM_INVITATIONS,
  type Guest,
  JOINS,
  type GuestRow,
  ORPHAN_COLUMNS,
  toFtsQuery,
  withCategory,
} from './guests.ts';
import { baseFold } from '../../lookup/fold.ts';
import { lastFact } from './check-in-facts.ts';
import { parseJsonColumn } from './util.ts';
import {
  NOT_LEFT_FOR_AGAIN,
  WALK_IN_COLUMNS,
  WALK_IN_COUNT_COLUMNS,
  WALK_INS_ON_SITE,
  walkInState,
} from './desk-walk-ins.ts';

export const GUEST_SORTS = ['time', 'name', 'company'] as const;
export type GuestSort = (typeof GUEST_SORTS)[number];

export interface GuestViewQuery {
  locationId: number;
  /** Guests of events that end after `from` and start before `to` (a day, or the whole window for a search). */
  from: string;
  to: string;
  /** Whoever is on site at the location is listed too, however long ago their event was (today's view). */
  withOnSite: boolean;
  flow?: FlowConfig;
  category?: GuestCategory | undefined;
  hostId?: number | undefined;
  eventId?: number | undefined;
  /** Typed text: every word a prefix of a name, email or company (case and diacritics ignored). */
  text?: string | undefined;
  sort?: GuestSort;
  /** The moment the view is for (ended events, ended visits); the clock's now when absent. */
  now?: number;
}

export type CategoryCounts = Record<GuestCategory, number>;

/**
 * Up to this many contacts matched, a text search reads their invitations by
 * contact; beyond, it reads the location's window (measured crossover over a
 * week of 35,000 guests: about 4,000 to 5,000).
 */
const FEW_CONTACTS = 3_000;

const emptyCounts = (): CategoryCounts => ({ expected: 0, onsite: 0, left: 0, other: 0 });

/**
 * A category as SQL, from the flow's state lists, each state a bound
 * parameter (a list of parameters is read much faster per row than a JSON
 * array, and a site's flow has a handful of states).
 */
function categorySql(flow: FlowConfig): { sql: string; onsite: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const list = (name: string, states: readonly string[]) =>
    states.length === 0
      ? 'NULL'
      : states
          .map((state, i) => {
            params[`${name}${i}`] = state;
            return `@${name}${i}`;
          })
          .join(', ');
  const onsite = list('onsite', flow.onsite);
  const sql = `CASE WHEN state IN (${list('expected', flow.expected)}) THEN 'expected'
    WHEN state IN (${onsite}) THEN 'onsite'
    WHEN state IN (${list('left', flow.left)}) THEN 'left' ELSE 'other' END`;
  return { sql, onsite, params };
}

/**
 * On site, whoever's visit ended more than an hour ago comes after the others, in any sort
 * (shared/domain/visit-end.ts): marked "visit ended 17:00" at the desk, and never left out.
 */
const ENDED_VISITS_LAST = '(endsAt IS NOT NULL AND endsAt <= @endedBefore), ';

const ORDER: Record<GuestSort, string> = {
  time: 'startsAt, lastName COLLATE NOCASE, firstName COLLATE NOCASE, invitationId',
  name: 'lastName IS NULL, lastName COLLATE NOCASE, firstName COLLATE NOCASE, invitationId',
  company:
    'companyName IS NULL, companyName COLLATE NOCASE, lastName COLLATE NOCASE, firstName COLLATE NOCASE, invitationId',
};
/**
 * By time: expected guests whose check-in is still open first (yesterday's
 * no-shows and today's ended events at the end); on site and left newest
 * first: who just came in (or left) is who is asked about.
 */
const TIME_ORDER: Partial<Record<GuestCategory, string>> = {
  expected: 'endsAt <= @now, startsAt, desk_fold(lastName), desk_fold(firstName), invitationId',
  onsite: 'arrivedAt DESC, startsAt, desk_fold(lastName), invitationId',
  left: 'leftAt DESC, desk_fold(lastName), invitationId',
};

/** What counting the view reads of a guest: the state (for the category) and what the filters look at. */
const COUNT_COLUMNS = `i.id AS invitationId, coalesce(p.state, k.state, @initialState) AS state, e.host_id AS hostId,
  e.id AS eventId`;
const ORPHAN_COUNT_COLUMNS =
  'k.id AS invitationId, coalesce(p.state, k.state) AS state, NULL AS hostId, NULL AS eventId';

export function createDeskGuestsRepo(
  db: Database.Database,
  /** Whether a bulk load is under way (bulk-load.ts): the invitations' indexes are set aside. */
  bulkLoading: () => boolean = () => false,
) {
  // SQLite's NOCASE folds ASCII only; the sort key is the lookup's own folding (case, marks, special letters).
  db.function('desk_fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? baseFold(text) : null,
  );
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };

  // Whether a text matches few enough contacts to read their invitations by contact (see viewSql).
  const matchedUpTo = db
    .prepare(`SELECT count(*) FROM (SELECT 1 FROM contacts_fts WHERE contacts_fts MATCH ? LIMIT ${FEW_CONTACTS})`)
    .pluck() as Database.Statement<[string], number>;
  const matchesFew = (match: string) => !bulkLoading() && matchedUpTo.get(match)! < FEW_CONTACTS;

  /**
   * The view's rows before paging: SQL and its parameters. For counting
   * (`count`), only what the filters and the category need is read.
   */
  function viewSql(query: GuestViewQuery, mode: 'rows' | 'count' = 'rows') {
    const columns = mode === 'rows' ? COLUMNS : COUNT_COLUMNS;
    const orphanColumns = mode === 'rows' ? ORPHAN_COLUMNS : ORPHAN_COUNT_COLUMNS;
    const walkInColumns = mode === 'rows' ? WALK_IN_COLUMNS : WALK_IN_COUNT_COLUMNS;
    const flow = query.flow ?? DEFAULT_FLOW;
    const match = query.text ? toFtsQuery(query.text) : null;
    const textFilter = match
      ? 'AND i.contact_id IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH @match)'
      : '';
    // Left to itself, SQLite reads every invitation of the location's window and looks each contact up in
    // what the text matched: 6-15 ms for any text. When the text matches few contacts (a name, or a rarer
    // prefix), their invitations are read by contact instead, well under a millisecond; for a short common
    // prefix that matches thousands, reading the window stays the cheaper way. Only the window's branch reads by
    // contact: those on site from before the window are read by their check-ins (named by the index there, the
    // check-ins' ids were sought once per matched contact: 370 ms for "m" at 20,000 guests).
    const from = match && matchesFew(match) ? `${FROM_INVITATIONS} INDEXED BY invitations_contact ${JOINS}` : FROM;
    // A guest whose invitation is gone (the event was deleted while they were on site) has no contact in the index.
    const orphanText = match
      ? `AND lower(coalesce(k.first_name, '') || ' ' || coalesce(k.last_name, '') || ' ' || coalesce(k.email, '') || ' '
          || coalesce(k.company_name, '')) LIKE @like ESCAPE '\\'`
      : '';
    const walkInText = match
      ? `AND lower(w.first_name || ' ' || w.last_name || ' ' || coalesce(w.email, '') || ' '
          || coalesce(w.company_name, '')) LIKE @like ESCAPE '\\'`
      : '';
    const inWindow = 'i.ends_at > @from AND i.starts_at < @to';
    const category = categorySql(flow);
    // Outside the window only those on site are shown: read by their ids, from check_ins_location_state and the
    // queued transitions (the unary + keeps SQLite off the location's indexes), not from every invitation or
    // check-in the location ever had: 4-10 ms per statement at 20,000 guests, twice per keystroke of a search
    // (its counts and its page).
    const onSiteIds = `SELECT id FROM check_ins INDEXED BY check_ins_location_state
      WHERE location_id = @locationId AND state IN (${category.onsite}) UNION SELECT check_in_id FROM pending_transitions`;
    const sql = `SELECT * FROM (SELECT *, ${category.sql} AS category FROM (
        SELECT ${columns}, 1 AS inWindow ${from}
        WHERE i.location_id = @locationId AND ${inWindow} ${textFilter} ${NOT_LEFT_FOR_AGAIN}
        UNION ALL
        SELECT ${columns}, 0 AS inWindow ${FROM}
        WHERE @withOnSite AND +i.location_id = @locationId AND NOT (${inWindow}) ${textFilter} ${NOT_LEFT_FOR_AGAIN}
          AND i.id IN (${onSiteIds})
        UNION ALL
        SELECT ${orphanColumns}, 0 AS inWindow FROM check_ins k LEFT JOIN pending_transitions p ON p.check_in_id = k.id
        WHERE @withOnSite AND k.id IN (${onSiteIds}) AND +k.location_id = @locationId
          AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.id = k.id) ${orphanText}
        UNION ALL
        SELECT ${walkInColumns}, 0 AS inWindow ${WALK_INS_ON_SITE} AND @withOnSite ${walkInText}
      ))
      WHERE (inWindow OR category = 'onsite')
        ${query.hostId !== undefined ? 'AND hostId = @hostId' : ''}
        ${query.eventId !== undefined ? 'AND eventId = @eventId' : ''}`;
    const params = {
      locationId: query.locationId,
      from: query.from,
      to: query.to,
      withOnSite: query.withOnSite ? 1 : 0,
      initialState: flow.initialState,
      walkInState: walkInState(flow),
      ...category.params,
      ...(match
        ? {
            match,
            like: `%${(query.text ?? '')
              .trim()
              .toLowerCase()
              .replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
          }
        : {}),
      ...(query.hostId !== undefined ? { hostId: query.hostId } : {}),
      ...(query.eventId !== undefined ? { eventId: query.eventId } : {}),
    };
    return { sql, params, flow };
  }

  const toGuest = (flow: FlowConfig) => {
    const categorised = withCategory(flow);
    return (row: GuestRow & { inWindow?: number; category?: string }): Guest => {
      const { inWindow: _w, category: _c, ...rest } = row;
      return categorised(rest);
    };
  };

  const changesSince = db
    .prepare('SELECT DISTINCT invitation_id FROM guest_changes WHERE seq > ? LIMIT ?')
    .pluck() as Database.Statement<[number, number], number>;
  const oldest = db.prepare('SELECT min(seq) FROM guest_changes').pluck() as Database.Statement<[], number | null>;
  const prune = db.prepare('DELETE FROM guest_changes WHERE seq <= ?');
  const version = db
    .prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'guest_changes'), 0)")
    .pluck() as Database.Statement<[], number>;

  const details = db.prepare(`
    SELECT coalesce(k.birthdate, c.birthdate) AS birthdate, json_extract(k.access_control, '$.pin') IS NOT NULL AS hasPin,
      k.trusted_id AS trustedId, k.legitimation AS legitimation, k.access_control AS accessControl,
      k.custom_fields AS customFields
    FROM (SELECT ? AS id) x LEFT JOIN check_ins k ON k.id = x.id LEFT JOIN invitations i ON i.id = x.id
    LEFT JOIN contacts c ON c.id = i.contact_id`) as Database.Statement<
    [number],
    {
      birthdate: string | null;
      hasPin: number;
      trustedId: string | null;
      legitimation: string | null;
      accessControl: string | null;
      customFields: string | null;
    }
  >;
  // The guest's last check-out made here, if the daily automatic one made it (its facts say so).
  const lastCheckOut = db
    .prepare(`SELECT ${lastFact('checkOut', 'iif(f.automatic = 1, f.at, NULL)', 'x.id')} FROM (SELECT ? AS id) x`)
    .pluck() as Database.Statement<[number], string | null>;
  const pin = db
    .prepare("SELECT json_extract(access_control, '$.pin') FROM check_ins WHERE id = ?")
    .pluck() as Database.Statement<[number], string | number | null>;

  const dayEvents = db.prepare(`
    SELECT e.id, e.name, e.starts_at AS startsAt, e.ends_at AS endsAt, e.host_id AS hostId, count(*) AS guests
    FROM invitations i JOIN events e ON e.id = i.event_id
    WHERE i.location_id = @locationId AND i.ends_at > @from AND i.starts_at < @to
    GROUP BY e.id ORDER BY e.starts_at, e.name`) as Database.Statement<
    [{ locationId: number; from: string; to: string }],
    { id: number; name: string; startsAt: string; endsAt: string; hostId: number; guests: number }
  >;
  /** Arrival times of the day at the location: from the mirror's check-ins and the queued ones. */
  const arrivals = db
    .prepare(
      `SELECT iif(p.check_in_id IS NULL, k.arrived_at, p.arrived_at) AS arrivedAt
       FROM check_ins k LEFT JOIN pending_transitions p ON p.check_in_id = k.id
       WHERE k.location_id = @locationId AND arrivedAt >= @from AND arrivedAt < @to
       UNION ALL
       SELECT p.arrived_at FROM pending_transitions p JOIN invitations i ON i.id = p.check_in_id
       WHERE i.location_id = @locationId AND NOT EXISTS (SELECT 1 FROM check_ins k WHERE k.id = p.check_in_id)
         AND p.arrived_at >= @from AND p.arrived_at < @to`,
    )
    .pluck() as Database.Statement<[{ locationId: number; from: string; to: string }], string>;

  const walkInsOnSite = db.prepare(`SELECT ${WALK_IN_COLUMNS} ${WALK_INS_ON_SITE} ORDER BY lastName, firstName, w.id`);

  /** Guests of the view per category (the category filter aside). */
  function counts(query: GuestViewQuery): CategoryCounts {
    const { sql, params } = viewSql({ ...query, category: undefined }, 'count');
    const result = emptyCounts();
    for (const row of prepared(`SELECT category, count(*) AS n FROM (${sql}) GROUP BY category`).all(params) as {
      category: GuestCategory;
      n: number;
    }[])
      result[row.category] = row.n;
    return result;
  }

  return {
    /** One page of the view, in the asked order. */
    page(query: GuestViewQuery, offset: number, limit: number): Guest[] {
      const { sql, params, flow } = viewSql(query);
      const sorted =
        (query.sort ?? 'time') === 'time' && query.category && TIME_ORDER[query.category]
          ? TIME_ORDER[query.category]!
          : ORDER[query.sort ?? 'time'];
      const order = query.category === 'onsite' ? ENDED_VISITS_LAST + sorted : sorted;
      const where = query.category ? 'WHERE category = @category' : '';
      const now = query.now ?? Date.now();
      return (
        prepared(`SELECT * FROM (${sql}) ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`).all({
          ...params,
          ...(order.includes('@now') ? { now: iso(now) } : {}),
          ...(order.includes('@endedBefore') ? { endedBefore: iso(now - ENDED_MARK_AFTER_MS) } : {}),
          ...(query.category ? { category: query.category } : {}),
          limit,
          offset,
        }) as GuestRow[]
      ).map(toGuest(flow));
    },

    counts,

    /** Those of the given guests that are in the view now (a changed guest may have left it). */
    inView(query: GuestViewQuery, ids: readonly number[]): Guest[] {
      const { sql, params, flow } = viewSql(query);
      const where = query.category ? 'AND category = @category' : '';
      return (
        prepared(`SELECT * FROM (${sql}) WHERE invitationId IN (SELECT value FROM json_each(@ids)) ${where}`).all({
          ...params,
          ids: JSON.stringify(ids),
          ...(query.category ? { category: query.category } : {}),
        }) as GuestRow[]
      ).map(toGuest(flow));
    },

    /** The newest change: the version of the guests the mirror holds. */
    version: (): number => version.get()!,

    /**
     * Guests changed after `since`, at most `limit` (more: the caller
     * reloads); undefined when the log no longer reaches back that far.
     */
    changedSince(since: number, limit: number): number[] | undefined {
      const first = oldest.get();
      if (first !== null && first !== undefined && since < first - 1) return undefined;
      return changesSince.all(since, limit);
    },

    /** Forgets all but the newest `keep` entries of the change log. */
    pruneChanges(keep: number): void {
      prune.run(version.get()! - keep);
    },

    /** What the desk shows of one guest beyond the list; the PIN only says whether there is one. */
    details(id: number) {
      const row = details.get(id)!;
      const access = parseJsonColumn<Record<string, unknown>>(row.accessControl) ?? null;
      return {
        birthdate: row.birthdate,
        hasPin: row.hasPin === 1,
        trustedId: parseJsonColumn<Record<string, unknown>>(row.trustedId) ?? null,
        legitimation: parseJsonColumn<Record<string, unknown>>(row.legitimation) ?? null,
        accessControl: access && withoutPin(access),
        customFields: parseJsonColumn<Record<string, unknown>>(row.customFields) ?? null,
      };
    },

    /** When the guest's last check-out was the automatic one: when it was made; else null. */
    autoCheckedOutAt: (id: number): string | null => lastCheckOut.get(id) ?? null,

    /** Walk-ins let in whose invitation has not come yet: on site, pending (for the evacuation list). */
    walkInsOnSite(locationId: number, flow: FlowConfig = DEFAULT_FLOW): Guest[] {
      const rows = walkInsOnSite.all({ locationId, walkInState: walkInState(flow) }) as GuestRow[];
      return rows.map(toGuest(flow));
    },

    /** The door PIN, for a person who asked to see it. */
    pin(id: number): string | null {
      const value = pin.get(id);
      return value === null || value === undefined ? null : String(value);
    },

    /** The day at a glance: its events (for the filters), arrivals per hour from `from`, and who is on site now. */
    overview(locationId: number, from: string, to: string, flow: FlowConfig = DEFAULT_FLOW) {
      const events = dayEvents.all({ locationId, from, to });
      const hours = Math.max(1, Math.round((Date.parse(to) - Date.parse(from)) / HOUR));
      const arrivalsPerHour = Array.from({ length: hours }, () => 0);
      const start = Date.parse(from);
      for (const at of arrivals.all({ locationId, from, to })) {
        const hour = Math.floor((Date.parse(at) - start) / HOUR);
        if (hour >= 0 && hour < hours) arrivalsPerHour[hour]!++;
      }
      const onSite = counts({ locationId, from, to, withOnSite: true, flow }).onsite;
      return { events, arrivalsPerHour, onSite };
    },
  };
}
export type DeskGuestsRepo = ReturnType<typeof createDeskGuestsRepo>;

function withoutPin(access: Record<string, unknown>): Record<string, unknown> {
  const { pin: _pin, ...rest } = access;
  return rest;
}
