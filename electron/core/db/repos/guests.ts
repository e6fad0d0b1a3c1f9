/**
 * The guest read model: invitations with their event, contact and check-in
 * state, for lists and lookup. A check-in whose invitation is no longer
 * listed (its event was deleted while the guest was on site) still shows.
 */
import type Database from 'better-sqlite3';
import { categoryOf, DEFAULT_FLOW, type FlowConfig, type GuestCategory } from '../../../../shared/domain/flow.ts';
import { parseJsonColumn } from './util.ts';

export interface Guest {
  invitationId: number;
  state: string;
  category: GuestCategory;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
  language: string | null;
  eventId: number | null;
  eventName: string | null;
  startsAt: string | null;
  endsAt: string | null;
  locationId: number;
  hostId: number | null;
  arrivedAt: string | null;
  leftAt: string | null;
  /** A transition of this guest is queued and not yet confirmed by the service: the state shown is optimistic. */
  pending: boolean;
}

type GuestRow = Omit<Guest, 'category' | 'pending'> & { pending: number };

export interface GuestQuery {
  locationId: number;
  /** Events ending after this... */
  from: string;
  /** ...and starting before this. */
  to: string;
  category?: GuestCategory | undefined;
  flow?: FlowConfig;
}

const COLUMNS = `i.id AS invitationId, coalesce(p.state, k.state, @initialState) AS state,
  coalesce(k.first_name, c.first_name) AS firstName, coalesce(k.last_name, c.last_name) AS lastName,
  coalesce(k.email, c.email) AS email, coalesce(k.company_name, c.company_name) AS companyName,
  coalesce(k.language, c.language) AS language, e.id AS eventId, e.name AS eventName,
  i.starts_at AS startsAt, i.ends_at AS endsAt, i.location_id AS locationId, e.host_id AS hostId,
  iif(p.check_in_id IS NULL, k.arrived_at, p.arrived_at) AS arrivedAt,
  iif(p.check_in_id IS NULL, k.left_at, p.left_at) AS leftAt, p.check_in_id IS NOT NULL AS pending`;

const ORPHAN_COLUMNS = `k.id AS invitationId, coalesce(p.state, k.state) AS state, k.first_name AS firstName, k.last_name AS lastName,
  k.email AS email, k.company_name AS companyName, k.language AS language, NULL AS eventId, NULL AS eventName,
  json_extract(k.legitimation, '$.startsAt') AS startsAt, json_extract(k.legitimation, '$.endsAt') AS endsAt,
  k.location_id AS locationId, NULL AS hostId, iif(p.check_in_id IS NULL, k.arrived_at, p.arrived_at) AS arrivedAt,
  iif(p.check_in_id IS NULL, k.left_at, p.left_at) AS leftAt, p.check_in_id IS NOT NULL AS pending`;

const FROM = `FROM invitations i JOIN events e ON e.id = i.event_id JOIN contacts c ON c.id = i.contact_id
  LEFT JOIN check_ins k ON k.id = i.id LEFT JOIN pending_transitions p ON p.check_in_id = i.id`;

/** The words of typed text, as the lookup takes them. */
function lookupWords(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/[\s,;:()"'*^+\-@.]+/u)
    .filter((word) => word.length > 0);
}

/**
 * Turns typed text into an FTS5 query: every word a prefix, all words
 * required; with `columns`, each word must be found in one of them.
 */
export function toFtsQuery(text: string, columns?: readonly LookupColumn[]): string | null {
  return ftsQueryOf(lookupWords(text), columns);
}

function ftsQueryOf(words: readonly string[], columns?: readonly LookupColumn[]): string | null {
  if (words.length === 0) return null;
  const filter = columns ? `{${columns.join(' ')}} : ` : '';
  return words.map((word) => `${filter}"${word.replace(/"/g, '""')}"*`).join(' ');
}

/** The columns of the lookup index. */
export type LookupColumn = 'first_name' | 'last_name' | 'email' | 'company_name';

export function createGuestsRepo(db: Database.Database) {
  const list = db.prepare(`
    SELECT ${COLUMNS} ${FROM}
    WHERE i.location_id = @locationId AND i.ends_at > @from AND i.starts_at < @to
    UNION ALL
    SELECT ${ORPHAN_COLUMNS} FROM check_ins k LEFT JOIN pending_transitions p ON p.check_in_id = k.id
    WHERE k.location_id = @locationId AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.id = k.id)
    ORDER BY startsAt, lastName, firstName, invitationId`) as Database.Statement<unknown[], GuestRow>;

  // Everyone with a check-in record or a queued transition at the location, whatever the window.
  const withCheckIn = db.prepare(`
    SELECT ${COLUMNS} ${FROM}
    WHERE i.id IN (SELECT id FROM check_ins WHERE location_id = @locationId UNION SELECT check_in_id FROM pending_transitions)
      AND i.location_id = @locationId
    UNION ALL
    SELECT ${ORPHAN_COLUMNS} FROM check_ins k LEFT JOIN pending_transitions p ON p.check_in_id = k.id
    WHERE k.location_id = @locationId AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.id = k.id)
    ORDER BY lastName, firstName, invitationId`) as Database.Statement<unknown[], GuestRow>;

  // FTS first (CROSS JOIN fixes the join order, INDEXED BY the way to the invitations): a
  // location holds tens of thousands of invitations, the typed text matches few contacts.
  // No ORDER BY on the FTS side, so that LIMIT ends the scan early even for two-letter prefixes.
  const lookup = db.prepare(`
    SELECT ${COLUMNS} FROM contacts_fts f
    CROSS JOIN invitations i INDEXED BY invitations_contact ON i.contact_id = f.rowid JOIN events e ON e.id = i.event_id JOIN contacts c ON c.id = i.contact_id
    LEFT JOIN check_ins k ON k.id = i.id LEFT JOIN pending_transitions p ON p.check_in_id = i.id
    WHERE contacts_fts MATCH @match AND i.location_id = @locationId AND i.ends_at > @from AND i.starts_at < @to
    LIMIT @limit`) as Database.Statement<unknown[], GuestRow>;

  const byId = db.prepare(`
    SELECT ${COLUMNS} ${FROM} WHERE i.id = @id
    UNION ALL
    SELECT ${ORPHAN_COLUMNS} FROM check_ins k LEFT JOIN pending_transitions p ON p.check_in_id = k.id
    WHERE k.id = @id AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.id = k.id)`) as Database.Statement<
    unknown[],
    GuestRow
  >;

  const details = db.prepare(`
    SELECT coalesce(k.birthdate, c.birthdate) AS birthdate, json_extract(k.access_control, '$.pin') AS pin,
      k.trusted_id AS trustedId, k.legitimation AS legitimation
    FROM (SELECT ? AS id) x LEFT JOIN check_ins k ON k.id = x.id LEFT JOIN invitations i ON i.id = x.id
    LEFT JOIN contacts c ON c.id = i.contact_id`) as Database.Statement<
    [number],
    { birthdate: string | null; pin: string | number | null; trustedId: string | null; legitimation: string | null }
  >;

  const withCategory =
    (flow: FlowConfig) =>
    (row: GuestRow): Guest => ({ ...row, pending: row.pending === 1, category: categoryOf(row.state, flow) });

  return {
    list(query: GuestQuery): Guest[] {
      const flow = query.flow ?? DEFAULT_FLOW;
      const guests = list
        .all({ locationId: query.locationId, from: query.from, to: query.to, initialState: flow.initialState })
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
        .all({ locationId, initialState: flow.initialState })
        .map(withCategory(flow))
        .filter((guest) => guest.category === 'onsite');
    },

    /**
     * Guests whose first or last name, email or company starts with each typed
     * word, ignoring case and diacritics. Best first: name matches before
     * email or company matches, then the event nearest to `now`.
     */
    lookup(
      text: string,
      query: GuestQuery & {
        limit?: number;
        now?: number;
        /** Only these columns (a kiosk: a guest's own names and email, not whoever else works at their company). */
        columns?: readonly LookupColumn[];
      },
    ): Guest[] {
      const typed = lookupWords(text);
      const match = ftsQueryOf(typed, query.columns);
      if (!match) return [];
      const flow = query.flow ?? DEFAULT_FLOW;
      const limit = query.limit ?? 20;
      const rows = lookup
        .all({
          match,
          locationId: query.locationId,
          from: query.from,
          to: query.to,
          initialState: flow.initialState,
          limit: limit * 2,
        })
        .map(withCategory(flow));
      const now = query.now ?? Date.now();
      const words = typed.map(fold);
      const nameHits = (g: Guest) => {
        const names = [g.firstName, g.lastName].filter(Boolean).map((n) => fold(n!));
        return words.filter((w) => names.some((n) => n.split(/\s+/).some((part) => part.startsWith(w)))).length;
      };
      const distance = (g: Guest) => (g.startsAt ? Math.abs(Date.parse(g.startsAt) - now) : Infinity);
      return rows
        .map((g) => ({ g, hits: nameHits(g), distance: distance(g) }))
        .sort((a, b) => b.hits - a.hits || a.distance - b.distance || a.g.invitationId - b.g.invitationId)
        .slice(0, limit)
        .map((x) => x.g);
    },

    byId(id: number, flow: FlowConfig = DEFAULT_FLOW): Guest | undefined {
      const row = byId.get({ id, initialState: flow.initialState });
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
}

/** Lower case without diacritics, like the FTS tokenizer. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
