/**
 * Checking a person against the watchlist where they are let in, and
 * keeping a pushed list. Written once for every door: the app core calls it
 * before an operation that lets someone in (app/handlers/watchlist.ts), and
 * after a push for the guests already on site.
 *
 * A match is an alert, written with its audit entry in one transaction
 * (an alert already waiting for the same person and entry is not written
 * twice). A visitor cleared of an entry ("Not this person") is never alerted
 * for it again; one a desk let in past it is not alerted again for
 * LET_IN_HOURS, so that the desk's own check-in after "Let in" goes through.
 */
import { z } from 'zod';
import { MatchedPart, type WatchlistAlert } from '../../../shared/contract/watchlist.ts';
import { HOUR, iso } from '../../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { NewAuditRow } from '../db/repos/audit-log.ts';
import type { AlertRow, WatchlistList } from '../db/repos/watchlist.ts';
import type { Mirror } from '../db/mirror.ts';
import type { WatchlistItem } from '../imports/watchlist.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import {
  createWatchlistIndex,
  entryKey,
  type MatchedPart as Part,
  type Person,
  visitorKey,
  type WatchlistIndex,
  type WatchlistMatch,
} from './match.ts';

/** How long "Let in" lets the same person past the same entry: their visit of today. */
export const LET_IN_HOURS = 12;

export interface ScreenDeps {
  mirror: Mirror;
  config: () => Pick<Config, 'watchlist'>;
  now: () => number;
  /** The audit row of an alert, as the door that raised it writes it (its role and device). */
  auditRow: (entry: { action: string; subject: string; detail: string }) => NewAuditRow;
}

export interface Where {
  /** In words: "kiosk check-in", "walk-in request", "Add visitor", ... */
  point: string;
  device: string;
  invitationId?: number | null;
  walkInId?: number | null;
}

export interface Screened {
  /** A deny entry matched, and no desk let this person in past it. */
  deny: boolean;
  /** The alerts this person raised now, or that were waiting for them already. */
  alerts: AlertRow[];
}

const indexes = new WeakMap<Mirror, { listId: number; index: WatchlistIndex }>();

/** The index of the list in force, built once per push (not per check-in). */
export function watchlistIndex(mirror: Mirror, list: WatchlistList): WatchlistIndex {
  const known = indexes.get(mirror);
  if (known?.listId === list.id) return known.index;
  const index = createWatchlistIndex(mirror.watchlist.entries(list.id));
  indexes.set(mirror, { listId: list.id, index });
  return index;
}

const percent = (score: number) => `${Math.round(score * 100)}%`;
const HOW: Record<Part['how'], string> = {
  exact: 'the same',
  spelling: 'spelled otherwise',
  script: 'in another script',
  typo: 'a letter or two apart',
  email: 'the same email',
  company: 'the same company',
};
/** Which parts matched how, for people: "Juergen ~ Jürgen (spelled otherwise), ...". */
export const matchesInWords = (parts: readonly Part[]) =>
  parts.map((p) => `${p.person} ~ ${p.entry} (${HOW[p.how]})`).join(', ');

const entryName = (m: WatchlistMatch) => personName(m.entry);

/** Checks a person; writes the alerts of what matched (see above). Nothing when no list was pushed. */
export function screenPerson(deps: ScreenDeps, person: Person, where: Where): Screened {
  const { mirror } = deps;
  const list = mirror.watchlist.list();
  if (!list || list.entries === 0) return { deny: false, alerts: [] };
  const matches = watchlistIndex(mirror, list).match(person, deps.config().watchlist.threshold);
  if (matches.length === 0) return { deny: false, alerts: [] };
  const visitor = visitorKey(person);
  const now = deps.now();
  const letInSince = iso(now - LET_IN_HOURS * HOUR);
  const name = personName(person) || person.email || 'a person without a name';
  return mirror.transaction(() => {
    let deny = false;
    const alerts: AlertRow[] = [];
    for (const match of matches) {
      const key = entryKey(match.entry);
      if (mirror.watchlist.isCleared(key, visitor) || mirror.watchlist.letInSince(key, visitor, letInSince)) continue;
      if (match.entry.action === 'deny') deny = true;
      const waiting = mirror.watchlist.openOf(key, visitor);
      if (waiting) {
        alerts.push(waiting);
        continue;
      }
      const row = mirror.watchlist.addAlert({
        raisedAt: iso(now),
        point: where.point,
        device: where.device,
        firstName: person.firstName,
        lastName: person.lastName,
        companyName: person.companyName,
        email: person.email,
        visitorKey: visitor,
        invitationId: where.invitationId ?? null,
        walkInId: where.walkInId ?? null,
        entryKey: key,
        entryName: entryName(match),
        entryNote: match.entry.note,
        action: match.entry.action,
        score: match.score,
        matches: JSON.stringify(match.parts),
      });
      mirror.auditLog.add(
        deps.auditRow({
          action: 'watchlist-alert',
          subject: `${name} (${where.point}, alert ${row.id})`,
          detail:
            `matches "${row.entryName}" (${match.entry.action}) at ${percent(match.score)}: ${matchesInWords(match.parts)}` +
            (match.entry.note ? `; note: ${match.entry.note}` : ''),
        }),
      );
      alerts.push(row);
    }
    return { deny, alerts };
  });
}

/** An alert as the desk shows it. */
export function toWatchlistAlert(row: AlertRow): WatchlistAlert {
  return {
    id: row.id,
    raisedAt: row.raisedAt,
    point: row.point,
    device: row.device,
    name: personName(row) || row.email || '',
    companyName: row.companyName,
    email: row.email,
    invitationId: row.invitationId,
    walkInId: row.walkInId,
    entryName: row.entryName,
    note: row.entryNote,
    action: row.action,
    score: row.score,
    matches: z.array(MatchedPart).parse(JSON.parse(row.matches)),
    decision: row.decision,
    decidedAt: row.decidedAt,
    decidedBy: row.decidedBy,
  };
}

/** Keeps a pushed list in place of the one in force. */
export function keepWatchlist(
  mirror: Mirror,
  file: string,
  items: readonly WatchlistItem[],
  lines: readonly (number | null)[],
  now: number,
): WatchlistList {
  return mirror.watchlist.replace(
    file,
    iso(now),
    items.map((item, i) => ({
      line: lines[i] ?? null,
      firstName: item.firstName ?? null,
      lastName: item.lastName,
      companyName: item.companyName ?? null,
      email: item.email ?? null,
      note: item.note ?? null,
      action: item.action,
    })),
  );
}
