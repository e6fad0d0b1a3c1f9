/**
 * The guest read model: invitations with their event, contact and check-in
 * state, for lists and lookup. A check-in whose invitation is no longer
 * listed (its event was deleted while the guest was on site) still shows.
 */
import type Database from 'better-sqlite3';
import type { Guest } from '../../../../shared/contract/guests.ts';
import { categoryOf, DEFAULT_FLOW, type FlowConfig, type GuestCategory } from '../../../../shared/domain/flow.ts';
import { HOUR, iso } from '../../../../shared/time.ts';
import { type Candidate, createFuzzyIndex, type FuzzyIndex } from '../../lookup/fuzzy.ts';
import { type TypedWord, typedWords } from '../../lookup/keys.ts';
import { COMPLETE_EMAIL, ftsQueryOf, type LookupColumn } from './guest-fts.ts';
import { type RankedName, scoreName } from '../../lookup/rank.ts';
import { lastFact } from './check-in-facts.ts';
import { parseJsonColumn } from './util.ts';

/**
 * A guest as every door shows it: the contract's type, so that the read model and the contract cannot drift.
 * `pending`: a transition is queued and not yet confirmed by the service (the state shown is optimistic).
 */
export type { Guest };

export type GuestRow = Omit<Guest, 'category' | 'pending'> & { pending: number };

export interface GuestQuery {
  locationId: number;
  /** Events ending after this... */
  from: string;
  /** ...and starting before this. */
  to: string;
  category?: GuestCategory | undefined;
  flow?: FlowConfig;
}

export const COLUMNS = `i.id AS invitationId, coalesce(p.state, k.state, @initialState) AS state,
  coalesce(k.first_name, c.first_name) AS firstName, coalesce(k.last_name, c.last_name) AS lastName,
  coalesce(k.email, c.email) AS email, coalesce(k.company_name, c.company_name) AS companyName,
  coalesce(k.language, c.language) AS language, e.id AS eventId, e.name AS eventName,
  i.starts_at AS startsAt, i.ends_at AS endsAt, i.location_id AS locationId, e.host_id AS hostId,
  iif(p.check_in_id IS NULL, k.arrived_at, p.arrived_at) AS arrivedAt,
  iif(p.check_in_id IS NULL, k.left_at, p.left_at) AS leftAt, p.check_in_id IS NOT NULL AS pending,
  p.undo_until AS undoUntil`;

export const ORPHAN_COLUMNS = `k.id AS invitationId, coalesce(p.state, k.state) AS state, k.first_name AS firstName, k.last_name AS lastName,
  k.email AS email, k.company_name AS companyName, k.language AS language, NULL AS eventId, NULL AS eventName,
  json_extract(k.legitimation, '$.startsAt') AS startsAt, json_extract(k.legitimation, '$.endsAt') AS endsAt,
  k.location_id AS locationId, NULL AS hostId, iif(p.check_in_id IS NULL, k.arrived_at, p.arrived_at) AS arrivedAt,
  iif(p.check_in_id IS NULL, k.left_at, p.left_at) AS leftAt, p.check_in_id IS NOT NULL AS pending,
  p.undo_until AS undoUntil`;

export const FROM_INVITATIONS = 'FROM invitations i';
/** What a guest row joins to its invitation (an index may be named between the two). */
export const JOINS = `JOIN events e ON e.id = i.event_id JOIN contacts c ON c.id = i.contact_id
  LEFT JOIN check_ins k ON k.id = i.id LEFT JOIN pending_transitions p ON p.check_in_id = i.id`;
export const FROM = `${FROM_INVITATIONS} ${JOINS}`;

/**
 * Everyone with a check-in record in an on-site state (the flow's) or a queued transition at the location,
 * whatever the window (@locationId, @initialState, @onsite: the flow's on-site states as JSON): read on
 * check_ins_location_state, not the location's whole history of check-ins (100,000 past visits took seconds);
 * the category is decided on each row as before.
 */
export const WITH_CHECK_IN = `WITH candidates(id) AS (
    SELECT id FROM check_ins INDEXED BY check_ins_location_state
    WHERE location_id = @locationId AND state IN (SELECT value FROM json_each(@onsite))
    UNION SELECT check_in_id FROM pending_transitions)
  SELECT ${COLUMNS} ${FROM}
  WHERE i.id IN candidates AND i.location_id = @locationId
  UNION ALL
  SELECT ${ORPHAN_COLUMNS} FROM check_ins k LEFT JOIN pending_transitions p ON p.check_in_id = k.id
  WHERE k.id IN candidates AND k.location_id = @locationId AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.id = k.id)`;

export { COMPLETE_EMAIL, ftsQueryOf, type LookupColumn, toFtsQuery } from './guest-fts.ts';

export function createGuestsRepo(
  db: Database.Database,
  options: {
    /** This connection's changes to the guests (see invitations.ts); without it, any write counts. */
    guestsVersion?: () => number;
    /** Whether a bulk load is under way (bulk-load.ts): nothing can be found, and the indexes named below are set aside. */
    bulkLoading?: () => boolean;
  } = {},
) {
  const { guestsVersion, bulkLoading = () => false } = options;
  const list = db.prepare(`
    SELECT ${COLUMNS} ${FROM}
    WHERE i.location_id = @locationId AND i.ends_at > @from AND i.starts_at < @to
    UNION ALL
    SELECT ${ORPHAN_COLUMNS} FROM check_ins k LEFT JOIN pending_transitions p ON p.check_in_id = k.id
    WHERE k.location_id = @locationId AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.id = k.id)
    ORDER BY startsAt, lastName, firstName, invitationId`) as Database.Statement<unknown[], GuestRow>;

  // The guests of one event in a window (a party at the kiosk): read by the event, not the location's day.
  const ofEvent = db.prepare(`
    SELECT ${COLUMNS} FROM invitations i INDEXED BY invitations_event ${JOINS}
    WHERE i.event_id = @eventId AND i.location_id = @locationId AND i.ends_at > @from AND i.starts_at < @to
    ORDER BY lastName, firstName, invitationId`) as Database.Statement<unknown[], GuestRow>;

  const withCheckIn = db.prepare(`${WITH_CHECK_IN} ORDER BY lastName, firstName, invitationId`) as Database.Statement<
    unknown[],
    GuestRow
  >;

  // FTS first (CROSS JOIN fixes the join order, INDEXED BY the way to the invitations): a
  // location holds tens of thousands of invitations, the typed text matches few contacts.
  // No ORDER BY on the FTS side, so that LIMIT ends the scan early even for one-letter prefixes.
  // Only what ranking needs: the guests shown are read whole afterwards, a few of them.
  const lookup = db.prepare(`
    SELECT i.id AS invitationId, c.first_name AS firstName, c.last_name AS lastName, c.name_key AS nameKey,
      i.starts_at AS startsAt
    FROM contacts_fts f CROSS JOIN invitations i INDEXED BY invitations_contact ON i.contact_id = f.rowid
    JOIN contacts c ON c.id = i.contact_id
    WHERE contacts_fts MATCH @match AND i.location_id = @locationId AND i.ends_at > @from AND i.starts_at < @to
    LIMIT @limit`) as Database.Statement<unknown[], Ranked>;

  const byEmail = db.prepare(`
    SELECT ${COLUMNS} FROM contacts c INDEXED BY contacts_email
    CROSS JOIN invitations i INDEXED BY invitations_contact ON i.contact_id = c.id JOIN events e ON e.id = i.event_id
    LEFT JOIN check_ins k ON k.id = i.id LEFT JOIN pending_transitions p ON p.check_in_id = i.id
    WHERE c.email = @email COLLATE NOCASE AND c.email IS NOT NULL
      AND i.location_id = @locationId AND i.ends_at > @from AND i.starts_at < @to
    LIMIT @limit`) as Database.Statement<unknown[], GuestRow>;

  // The guests of a window for the typo-tolerant stage, and whether the mirror changed since they were read.
  const candidates = db.prepare(`
    SELECT i.id AS invitationId, i.starts_at AS startsAt, i.ends_at AS endsAt, c.name_key AS nameKey, c.email AS email,
      c.first_name AS firstName, c.last_name AS lastName
    FROM invitations i INDEXED BY invitations_location_window JOIN contacts c ON c.id = i.contact_id
    WHERE i.location_id = @locationId AND i.ends_at > @from AND i.starts_at < @to`) as Database.Statement<
    unknown[],
    Candidate
  >;
  // Other connections' commits show in data_version; this connection's own, in guestsVersion.
  const version = db
    .prepare(
      guestsVersion
        ? 'SELECT data_version FROM pragma_data_version'
        : "SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version)",
    )
    .pluck() as Database.Statement<[], string | number>;
  const fuzzyIndexes = createFuzzyIndexCache(
    (q) => createFuzzyIndex(candidates.all(q)),
    () => `${guestsVersion?.() ?? ''}:${version.get()!}`,
    () => db.open,
  );

  const byIdStatement = db.prepare(`
    SELECT ${COLUMNS} ${FROM} WHERE i.id = @id
    UNION ALL
    SELECT ${ORPHAN_COLUMNS} FROM check_ins k LEFT JOIN pending_transitions p ON p.check_in_id = k.id
    WHERE k.id = @id AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.id = k.id)`) as Database.Statement<
    unknown[],
    GuestRow
  >;

  const details = db.prepare(`
    SELECT coalesce(k.birthdate, c.birthdate) AS birthdate, json_extract(k.access_control, '$.pin') AS pin,
      k.trusted_id AS trustedId, k.legitimation AS legitimation,
      ${lastFact('checkIn', 'f.at', 'x.id')} AS tappedAt
    FROM (SELECT ? AS id) x LEFT JOIN check_ins k ON k.id = x.id LEFT JOIN invitations i ON i.id = x.id
    LEFT JOIN contacts c ON c.id = i.contact_id`) as Database.Statement<
    [number],
    {
      birthdate: string | null;
      pin: string | number | null;
      trustedId: string | null;
      legitimation: string | null;
      tappedAt: string | null;
    }
  >;

  return {
    list(query: GuestQuery): Guest[] {
      const flow = query.flow ?? DEFAULT_FLOW;
      const guests = list
        .all({ locationId: query.locationId, from: query.from, to: query.to, initialState: flow.initialState })
        .map(withCategory(flow));
      return query.category ? guests.filter((g) => g.category === query.category) : guests;
    },

    /** The guests of one event at the location in the window, by name (the query's other filters as in list). */
    ofEvent(eventId: number, query: GuestQuery): Guest[] {
      const flow = query.flow ?? DEFAULT_FLOW;
      const guests = ofEvent
        .all({ eventId, locationId: query.locationId, from: query.from, to: query.to, initialState: flow.initialState })
        .map(withCategory(flow));
      return query.category ? guests.filter((g) => g.category === query.category) : guests;
    },

    /**
     * Everyone on site at the location by the mirror (queued check-ins
     * included), however long ago their event began or ended: the evacuation
     * list leaves nobody out for being outside the window of the lists.
     */
    onSite(locationId: number, flow: FlowConfig = DEFAULT_FLOW): Guest[] {
      return withCheckIn
        .all({ locationId, initialState: flow.initialState, onsite: JSON.stringify(flow.onsite) })
        .map(withCategory(flow))
        .filter((guest) => guest.category === 'onsite');
    },

    /**
     * Guests found by typed text as a person types a name: in any script or
     * spelling (Mueller for Müller, Solovyov for Соловьёв, Zhang for 张, 王超
     * by character), every word required, each the start of a name part;
     * then, when that finds fewer than `limit`, with one or two typos. Also
     * by email and company unless `columns` says otherwise. Best first:
     * exact, prefix, transliterated, fuzzy; the whole name typed; the event
     * nearest to `now`.
     */
    lookup(text: string, query: LookupQuery): Guest[] {
      const words = typedWords(text);
      if (words.length === 0 || bulkLoading()) return [];
      const flow = query.flow ?? DEFAULT_FLOW;
      const limit = query.limit ?? 20;
      const found = new Map<number, Ranked>();
      const stage = (prefix: boolean) => {
        const match = ftsQueryOf(words, { prefix, columns: query.columns });
        const rows = lookup.all({
          locationId: query.locationId,
          from: query.from,
          to: query.to,
          match,
          limit: limit * 4,
        });
        for (const row of rows) found.set(row.invitationId, row);
        return rows.length;
      };
      // Prefixes include the exact names; only when they are more than were read may exact ones be missing
      // (never for Chinese characters, whose tokens are single characters: the prefix is the name).
      if (stage(true) === limit * 4 && words.some((w) => !w.han)) stage(false);
      const namesToo = !query.columns || query.columns.includes('names');
      const fuzzy = new Set<number>();
      if (found.size < limit && namesToo && query.fuzzy) {
        for (const candidate of fuzzyIndexes.get(query).matchWords(words, query)) {
          if (fuzzy.size >= limit * 2) break;
          if (found.has(candidate.invitationId)) continue;
          found.set(candidate.invitationId, candidate);
          fuzzy.add(candidate.invitationId);
        }
      }
      return rank([...found.values()], words, query.now ?? Date.now(), limit).flatMap((row) => {
        const guest = byIdStatement.get({ id: row.invitationId, initialState: flow.initialState });
        // The typo stage may work on the guests as they were a moment ago: a guest renamed since is shown only
        // when their name as it is now still matches.
        if (!guest || (fuzzy.has(guest.invitationId) && scoreName(words, guest).score === 0)) return [];
        return [withCategory(flow)(guest)];
      });
    },

    /**
     * Guests whose email is the typed one in full (case aside), or one typo
     * away from it: a kiosk's way to find a guest by email, which no part of
     * an address (a domain, "@t") can use to list others.
     */
    lookupEmail(text: string, query: LookupQuery): Guest[] {
      const email = text.trim();
      if (!COMPLETE_EMAIL.test(email) || bulkLoading()) return [];
      const flow = query.flow ?? DEFAULT_FLOW;
      const limit = query.limit ?? 20;
      const params = { locationId: query.locationId, from: query.from, to: query.to, initialState: flow.initialState };
      let rows = byEmail.all({ ...params, email, limit });
      if (rows.length === 0)
        rows = fuzzyIndexes
          .get(query)
          .matchEmail(email, query)
          .slice(0, limit)
          .flatMap((id) => byIdStatement.all({ id, initialState: flow.initialState }));
      const now = query.now ?? Date.now();
      return rows
        .map(withCategory(flow))
        .sort((a, b) => distanceTo(a, now) - distanceTo(b, now) || a.invitationId - b.invitationId)
        .slice(0, limit);
    },

    byId(id: number, flow: FlowConfig = DEFAULT_FLOW): Guest | undefined {
      const row = byIdStatement.get({ id, initialState: flow.initialState });
      return row ? withCategory(flow)(row) : undefined;
    },

    /** What the desk shows of one guest beyond the list: birthdate, the PIN the service gave, and the check-in's JSON parts. */
    details(id: number): GuestDetails {
      const row = details.get(id)!;
      return {
        birthdate: row.birthdate,
        pin: row.pin === null ? null : String(row.pin),
        trustedId: parseJsonColumn<Record<string, unknown>>(row.trustedId) ?? null,
        legitimation: parseJsonColumn<Record<string, unknown>>(row.legitimation) ?? null,
        tappedAt: row.tappedAt,
      };
    },
  };
}
export type GuestsRepo = ReturnType<typeof createGuestsRepo>;

export interface GuestDetails {
  birthdate: string | null;
  pin: string | null;
  trustedId: Record<string, unknown> | null;
  legitimation: Record<string, unknown> | null;
  /**
   * When the check-in was tapped here (kiosk or desk), from its outbox row:
   * the arrival as the guest made it, also when the service received it
   * later and recorded its own arrivedAt then.
   */
  tappedAt: string | null;
}

export const withCategory =
  (flow: FlowConfig) =>
  (row: GuestRow): Guest => ({ ...row, pending: row.pending === 1, category: categoryOf(row.state, flow) });

/** How far a guest's event is from now: the nearer first, among equals. */
const distanceTo = (g: { startsAt: string | null }, now: number) =>
  g.startsAt ? Math.abs(Date.parse(g.startsAt) - now) : Infinity;

export interface LookupQuery extends GuestQuery {
  limit?: number;
  now?: number;
  /** Only these columns (a kiosk: a guest's own names, not whoever else works at their company). */
  columns?: readonly LookupColumn[] | undefined;
  /**
   * The typo-tolerant stage, over the window's guests held in memory: for a
   * window of few guests (a kiosk's day); a desk's week of 100,000 would take
   * seconds to read into memory.
   */
  fuzzy?: boolean;
}

/** What ranking reads of a guest. */
interface Ranked extends RankedName {
  invitationId: number;
  startsAt: string | null;
}

function rank(rows: Ranked[], words: readonly TypedWord[], now: number, limit: number): Ranked[] {
  return rows
    .map((row) => ({ row, ...scoreName(words, row), distance: distanceTo(row, now) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.fullName) - Number(a.fullName) ||
        a.distance - b.distance ||
        a.row.invitationId - b.row.invitationId,
    )
    .slice(0, limit)
    .map((x) => x.row);
}

/**
 * The in-memory guests of the last windows asked for. Read with an hour of
 * slack after `to`, so that a window that moves with the clock (the kiosk's
 * early arrivals) is served from the same read; what falls outside the exact
 * window is filtered when matching. When the guests changed (a sync brought
 * new or renamed ones), the window is read again after the answer, not
 * before it: reading a day of 10,000 guests takes 0.1-0.3 s here, and a
 * guest typing must not wait for it. Until then the typo stage works on the
 * guests as they were a moment ago (every guest it finds is read again from
 * the mirror before it is shown); the index stages are always current.
 */
function createFuzzyIndexCache(
  build: (query: { locationId: number; from: string; to: string }) => FuzzyIndex,
  version: () => string,
  isOpen: () => boolean,
) {
  interface Entry {
    locationId: number;
    from: string;
    to: string;
    version: string;
    index: FuzzyIndex;
  }
  let entries: Entry[] = [];
  let refreshing = false;
  const covers = (e: Entry, query: GuestQuery) =>
    e.locationId === query.locationId && e.from <= query.from && e.to >= query.to;
  const read = (query: GuestQuery, now: string): Entry => {
    const window = {
      locationId: query.locationId,
      from: query.from,
      to: iso(Date.parse(query.to) + HOUR),
    };
    const entry = { ...window, version: now, index: build(window) };
    // The kiosk's day and the desk's window, side by side.
    entries = [entry, ...entries.filter((e) => !(e.locationId === entry.locationId && e.to === entry.to))].slice(0, 2);
    return entry;
  };
  return {
    get(query: GuestQuery): FuzzyIndex {
      const now = version();
      const current = entries.find((e) => e.version === now && covers(e, query));
      if (current) return current.index;
      const stale = entries.find((e) => covers(e, query));
      if (!stale) return read(query, now).index;
      if (!refreshing) {
        refreshing = true;
        setImmediate(() => {
          refreshing = false;
          if (isOpen()) read(query, version());
        });
      }
      return stale.index;
    },
  };
}
