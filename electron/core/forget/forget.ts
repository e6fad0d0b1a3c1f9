/**
 * A visitor's right to their data and to erasure (GDPR Art. 15 and 17), on
 * this site: find a person with the lookup the kiosk and desk use (any
 * script or spelling), export everything the holders (registry.ts) keep
 * about them, and erase it.
 *
 * The bytes must be gone, not only the rows: the erasure runs with
 * `PRAGMA secure_delete` (freed space is zeroed), the lookup index is
 * merged so no old segment keeps a token, the mirror is rewritten (VACUUM:
 * nothing of an older version of a row stays in free space), and the WAL is
 * checkpointed and truncated. Then every file of the data directory is read
 * for the name and the email (scan.ts); a text file (a log, an export kept
 * there) is rewritten with the pseudonym, and whatever still holds them is
 * named in the answer.
 *
 * The service keeps what it was sent: its interface has no delete. The
 * answer lists the ids to give the service's operator, and the mirror keeps
 * those ids (forgotten_ids) so that the pulls do not bring the person back.
 */
import { randomBytes } from 'node:crypto';
import type { ForgetResult, FoundPerson, PersonSelection } from '../../../shared/contract/forget.ts';
import { iso } from '../../../shared/time.ts';
import { AppError } from '../errors.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import { baseFold } from '../lookup/fold.ts';
import { typedWords } from '../lookup/keys.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import { scoreName } from '../lookup/rank.ts';
import './mirror-holders.ts';
import { needlesOf } from './mirror-holders.ts';
import { personDataHolders, type Person } from './registry.ts';
import { scanDataDir } from './scan.ts';

const ALL_TIME = { from: '0000-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.999Z' };
const MAX_FOUND = 20;

interface Names {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
}

const ids = (db: Mirror['db'], sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .all(...params) as number[];
const json = (values: readonly (number | string)[]) => JSON.stringify(values);

/** The person's rows from a selection, widened to every row with the same email (the same person, other visits). */
export function resolvePerson(mirror: Mirror, selection: PersonSelection): Person {
  const { db } = mirror;
  const invitations = new Set(selection.invitationIds);
  const checkIns = new Set(selection.checkInIds);
  const walkIns = new Set(selection.walkInIds);
  const emails = new Set<string>();
  const read = () => {
    const rows = [
      ...(db
        .prepare(
          `SELECT c.first_name AS firstName, c.last_name AS lastName, c.email, c.company_name AS companyName
           FROM invitations i JOIN contacts c ON c.id = i.contact_id WHERE i.id IN (SELECT value FROM json_each(?))`,
        )
        .all(json([...invitations])) as Names[]),
      ...(db
        .prepare(
          `SELECT first_name AS firstName, last_name AS lastName, email, company_name AS companyName
           FROM check_ins WHERE id IN (SELECT value FROM json_each(?))`,
        )
        .all(json([...checkIns])) as Names[]),
      ...(db
        .prepare(
          `SELECT first_name AS firstName, last_name AS lastName, email, company_name AS companyName
           FROM walk_ins WHERE id IN (SELECT value FROM json_each(?))`,
        )
        .all(json([...walkIns])) as Names[]),
    ];
    for (const row of rows) if (row.email) emails.add(row.email.toLowerCase());
    return rows;
  };
  read();
  const lower = json([...emails]);
  for (const id of ids(
    db,
    `SELECT i.id FROM invitations i JOIN contacts c ON c.id = i.contact_id
     WHERE lower(c.email) IN (SELECT value FROM json_each(?))`,
    lower,
  ))
    invitations.add(id);
  for (const id of ids(db, `SELECT id FROM check_ins WHERE lower(email) IN (SELECT value FROM json_each(?))`, lower))
    checkIns.add(id);
  for (const id of ids(db, `SELECT id FROM walk_ins WHERE lower(email) IN (SELECT value FROM json_each(?))`, lower))
    walkIns.add(id);
  // A walk-in let in became an invitation and a check-in record at the service: the same person.
  for (const id of ids(
    db,
    `SELECT invitation_id FROM walk_ins WHERE invitation_id IS NOT NULL AND id IN (SELECT value FROM json_each(?))`,
    json([...walkIns]),
  ))
    invitations.add(id);
  // A check-in record has the invitation's id.
  for (const id of invitations) checkIns.add(id);
  for (const id of ids(
    db,
    `SELECT id FROM check_ins WHERE id IN (SELECT value FROM json_each(?))`,
    json([...checkIns]),
  ))
    checkIns.add(id);
  const rows = read();
  const names = new Set<string>();
  const companies = new Set<string>();
  for (const row of rows) {
    const first = row.firstName?.trim() ?? '';
    const last = row.lastName?.trim() ?? '';
    for (const name of [
      personName({ firstName: first, lastName: last }),
      `${first} ${last}`,
      `${last} ${first}`,
      `${last}, ${first}`,
    ])
      if (first && last) names.add(name.trim());
    if (!first || !last) names.add((first || last).trim());
    if (row.companyName) companies.add(row.companyName);
  }
  names.delete('');
  return {
    invitationIds: [...invitations].sort((a, b) => a - b),
    checkInIds: [...checkIns].sort((a, b) => a - b),
    walkInIds: [...walkIns].sort((a, b) => a - b),
    contactIds: ids(
      db,
      'SELECT DISTINCT contact_id FROM invitations WHERE id IN (SELECT value FROM json_each(?))',
      json([...invitations]),
    ),
    names: [...names],
    emails: [...emails],
    companies: [...companies],
  };
}

/** People whose name (any script or spelling, as the lookup takes it) or email is `text`: one entry per person. */
export function findPeople(mirror: Mirror, config: Config, text: string, now: number): FoundPerson[] {
  const query = { locationId: config.locationId, ...ALL_TIME, flow: config.flow, now, limit: MAX_FOUND };
  const guests = [...mirror.guests.lookupEmail(text, query), ...mirror.guests.lookup(text, query)];
  const selections: PersonSelection[] = guests.map((g) => ({
    invitationIds: [g.invitationId],
    checkInIds: [g.invitationId],
    walkInIds: [],
  }));
  // Walk-in requests never let in have no invitation: their names are ranked as the lookup ranks guests.
  const words = typedWords(text);
  const typed = text.trim().toLowerCase();
  const walkIns = mirror.db
    .prepare('SELECT id, first_name AS firstName, last_name AS lastName, email FROM walk_ins')
    .all() as { id: number; firstName: string; lastName: string; email: string | null }[];
  for (const w of walkIns) {
    const byEmail = w.email !== null && w.email.toLowerCase() === typed;
    const byName = words.length > 0 && scoreName(words, w).score >= 3 * words.length;
    if (byEmail || byName) selections.push({ invitationIds: [], checkInIds: [], walkInIds: [w.id] });
  }
  const people = new Map<string, FoundPerson>();
  for (const selection of selections) {
    const person = resolvePerson(mirror, selection);
    const name = person.names[0] ?? '';
    const key = person.emails[0] ?? baseFold(name);
    if (!key || people.has(key)) continue;
    people.set(key, {
      name,
      email: person.emails[0] ?? null,
      companies: person.companies,
      invitationIds: person.invitationIds,
      checkInIds: person.checkInIds,
      walkInIds: person.walkInIds,
    });
    if (people.size >= MAX_FOUND) break;
  }
  return [...people.values()];
}

/** Everything this site holds about the person, holder by holder. */
export function exportPerson(mirror: Mirror, dataDir: string, selection: PersonSelection) {
  const person = resolvePerson(mirror, selection);
  const held: Record<string, unknown[]> = {};
  for (const holder of personDataHolders()) {
    const found = holder.export(person, { mirror, dataDir });
    if (found.length) held[holder.name] = found;
  }
  return { person, held };
}

const newPseudonym = () => {
  const hex = randomBytes(4).toString('hex');
  return { pseudonym: `Visitor ${hex}`, pseudonymEmail: `visitor-${hex}@forgotten.invalid` };
};

/**
 * Erases the person from this site. Their changes still waiting for the service are listed and nothing is
 * done unless `confirmQueued`: erasing them sends the pseudonym in place of the name.
 */
export async function forgetPerson(
  deps: { mirror: Mirror; config: Config; dataDir: string; now: number; log?: (line: string) => void },
  selection: PersonSelection,
  confirmQueued: boolean,
): Promise<ForgetResult> {
  const { mirror, dataDir } = deps;
  const person = resolvePerson(mirror, selection);
  if (person.names.length === 0 && person.emails.length === 0)
    throw new AppError('NOT_FOUND', 'nobody found for these ids (forgotten already?)');
  // As the desk sees them (a queued check-out counts): nobody leaves the evacuation list by being forgotten.
  if (person.checkInIds.some((id) => mirror.guests.byId(id, deps.config.flow)?.category === 'onsite'))
    throw new AppError('REFUSED', 'this person is on site now: check them out first (the evacuation list needs them)');
  const queued = personDataHolders().flatMap((h) => h.queued?.(person, { mirror, dataDir }) ?? []);
  if (queued.length && !confirmQueued)
    return { done: false, queued, pseudonym: null, erased: {}, service: null, stillFound: [], rewrittenFiles: [] };

  const { pseudonym, pseudonymEmail } = newPseudonym();
  const needles = needlesOf(person);
  const { db } = mirror;
  db.pragma('secure_delete = ON');
  const erased: Record<string, number> = {};
  const service = {
    invitationIds: person.invitationIds,
    checkInIds: person.checkInIds,
    walkInEventSourceIds: ids(
      db,
      'SELECT event_source_id FROM walk_ins WHERE id IN (SELECT value FROM json_each(?))',
      json(person.walkInIds),
    ) as unknown as string[],
  };
  try {
    mirror.transaction(() => {
      for (const holder of personDataHolders())
        erased[holder.name] = holder.erase(person, { mirror, dataDir, pseudonym, pseudonymEmail });
      db.prepare('INSERT INTO forgotten (pseudonym, at, service_ids, erased) VALUES (?, ?, ?, ?)').run(
        pseudonym,
        iso(deps.now),
        JSON.stringify(service),
        JSON.stringify(erased),
      );
    });
    // The lookup index keeps deleted tokens in older segments until they are merged.
    db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize')").run();
    // Free space of earlier versions of the rows (an update leaves the old bytes behind), then the WAL.
    db.exec('VACUUM');
  } finally {
    db.pragma('secure_delete = OFF');
  }
  // The rewritten pages are in the WAL until they are copied back over the old ones: the checkpoint worker's own
  // (passive) checkpoint may hold it a moment, so TRUNCATE is tried again until it went through.
  for (let attempt = 0; ; attempt++) {
    const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
    if (!checkpoint?.busy && checkpoint?.log === checkpoint?.checkpointed) break;
    if (attempt >= 100) {
      deps.log?.('forget: the WAL could not be truncated (a reader held it): the scan below says what remains');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const scan = scanDataDir(dataDir, needles, pseudonym, pseudonymEmail, new Set(person.emails));
  deps.log?.(`forget: ${pseudonym} erased (${Object.values(erased).reduce((a, b) => a + b, 0)} rows or files)`);
  return {
    done: true,
    queued,
    pseudonym,
    erased,
    service,
    stillFound: scan.stillFound,
    rewrittenFiles: scan.rewritten,
  };
}
