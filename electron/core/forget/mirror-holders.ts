/**
 * What the mirror holds about a visitor, as holders of the erasure's
 * registry (registry.ts): invitations with their contacts and check-ins (and
 * where and how each was made, check_in_facts), walk-in requests, roll-call entries, print jobs, the outbox (delivered
 * payloads, labels and the service's answers) and the audit log, where the
 * person becomes the pseudonym and the staff actions stay.
 */
import type Database from 'better-sqlite3';
import { registerPersonData, type Person } from './registry.ts';

/** Every text naming the person, longest first (so "Anna Maria Weber" goes before "Anna Weber"). */
export const needlesOf = (person: Person) =>
  [...new Set([...person.names, ...person.emails].filter((t) => t.trim().length >= 3))].sort(
    (a, b) => b.length - a.length,
  );

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces every mention (case aside) of the person's names by the pseudonym and of their emails by its email. */
export function rewriter(person: Person, pseudonym: string, pseudonymEmail: string) {
  const emails = new Set(person.emails.map((e) => e.toLowerCase()));
  const needles = needlesOf(person);
  if (needles.length === 0) return (text: string) => text;
  const pattern = new RegExp(needles.map(escapeRegExp).join('|'), 'giu');
  return (text: string) => text.replace(pattern, (m) => (emails.has(m.toLowerCase()) ? pseudonymEmail : pseudonym));
}

const rows = (db: Database.Database, sql: string, ...params: unknown[]) =>
  db.prepare(sql).all(...params) as Record<string, unknown>[];

registerPersonData({
  name: 'invitations and check-ins',
  export(person, { mirror }) {
    const { db } = mirror;
    return [
      ...rows(
        db,
        `SELECT 'invitation' AS kind, i.id AS invitationId, e.name AS event, i.starts_at AS startsAt, i.ends_at AS endsAt,
           c.first_name AS firstName, c.last_name AS lastName, c.email, c.company_name AS companyName,
           c.birthdate, c.language
         FROM invitations i JOIN contacts c ON c.id = i.contact_id LEFT JOIN events e ON e.id = i.event_id
         WHERE i.id IN (SELECT value FROM json_each(?)) ORDER BY i.starts_at`,
        JSON.stringify(person.invitationIds),
      ),
      ...rows(
        db,
        `SELECT 'check-in' AS kind, id AS checkInId, state, first_name AS firstName, last_name AS lastName, email,
           company_name AS companyName, birthdate, arrived_at AS arrivedAt, left_at AS leftAt
         FROM check_ins WHERE id IN (SELECT value FROM json_each(?)) ORDER BY arrived_at`,
        JSON.stringify(person.checkInIds),
      ),
      ...rows(
        db,
        `SELECT 'check-in fact' AS kind, check_in_id AS checkInId, action, at, event_name AS eventName, door, device,
           automatic, by_person AS byPerson, failed
         FROM check_in_facts WHERE check_in_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
        JSON.stringify(person.checkInIds),
      ),
    ];
  },
  queued(person, { mirror }) {
    return (
      rows(
        mirror.db,
        `SELECT label FROM outbox o JOIN pending_transitions p ON p.outbox_id = o.id
         WHERE o.state IN ('pending', 'sending', 'failed') AND p.check_in_id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(person.checkInIds),
      ) as { label: string }[]
    ).map((r) => r.label);
  },
  erase(person, { mirror }) {
    const { db } = mirror;
    const ids = JSON.stringify(person.checkInIds);
    let n = 0;
    n += db
      .prepare('DELETE FROM pending_transitions WHERE check_in_id IN (SELECT value FROM json_each(?))')
      .run(ids).changes;
    n += db
      .prepare('DELETE FROM check_in_facts WHERE check_in_id IN (SELECT value FROM json_each(?))')
      .run(ids).changes;
    n += db.prepare('DELETE FROM check_ins WHERE id IN (SELECT value FROM json_each(?))').run(ids).changes;
    n += mirror.invitations.removeIds(person.invitationIds);
    // Their contacts go with their last invitation; an event with no invitation left goes too.
    mirror.invitations.removeOrphans();
    // The ids the service still lists: a pull must not bring the person back (forgotten_ids, the pulls' filter).
    const keep = db.prepare('INSERT OR IGNORE INTO forgotten_ids (kind, id) VALUES (?, ?)');
    for (const id of person.invitationIds) keep.run('invitation', id);
    for (const id of person.checkInIds) keep.run('check-in', id);
    return n;
  },
});

registerPersonData({
  name: 'walk-in requests',
  export(person, { mirror }) {
    return rows(
      mirror.db,
      `SELECT 'walk-in' AS kind, id AS walkInId, first_name AS firstName, last_name AS lastName, company_name AS companyName,
         email, language, host_name AS host, device, state, reason, requested_at AS requestedAt, decided_at AS decidedAt,
         invitation_id AS invitationId
       FROM walk_ins WHERE id IN (SELECT value FROM json_each(?)) ORDER BY requested_at`,
      JSON.stringify(person.walkInIds),
    );
  },
  erase(person, { mirror, pseudonym }) {
    // The row stays (its ids tie the service's event to it, and the desk's counts); nothing of the person does.
    return mirror.db
      .prepare(
        `UPDATE walk_ins SET first_name = ?, last_name = '', company_name = NULL, email = NULL, reason = NULL
         WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .run(pseudonym, JSON.stringify(person.walkInIds)).changes;
  },
});

registerPersonData({
  name: 'roll-call entries',
  export(person, { mirror }) {
    return rows(
      mirror.db,
      `SELECT 'roll-call entry' AS kind, roll_call_id AS rollCallId, invitation_id AS invitationId, first_name AS firstName,
         last_name AS lastName, company_name AS companyName, accounted, marked_at AS markedAt, marked_by AS markedBy
       FROM roll_call_entries WHERE invitation_id IN (SELECT value FROM json_each(?))
         OR -invitation_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(person.checkInIds),
      JSON.stringify(person.walkInIds),
    );
  },
  erase(person, { mirror, pseudonym }) {
    return mirror.db
      .prepare(
        `UPDATE roll_call_entries SET first_name = ?, last_name = '', company_name = NULL
         WHERE invitation_id IN (SELECT value FROM json_each(?)) OR -invitation_id IN (SELECT value FROM json_each(?))`,
      )
      .run(pseudonym, JSON.stringify(person.checkInIds), JSON.stringify(person.walkInIds)).changes;
  },
});

registerPersonData({
  name: 'print jobs',
  export(person, { mirror }) {
    return rows(
      mirror.db,
      `SELECT 'print job' AS kind, id AS printJobId, invitation_id AS invitationId, printer, state, created_at AS createdAt
       FROM print_jobs WHERE invitation_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(person.checkInIds),
    );
  },
  erase(person, { mirror }) {
    // A queued badge would print the name again: it goes with the rest.
    return mirror.db
      .prepare('DELETE FROM print_jobs WHERE invitation_id IN (SELECT value FROM json_each(?))')
      .run(JSON.stringify(person.checkInIds)).changes;
  },
});

/**
 * A JSON value with the person taken out: an object that is theirs (their email, or their first and last name
 * together: a contact, an invitation, legitimation.guest) loses its names, email, company and birthdate; any other
 * text naming them is rewritten.
 */
function scrubJson(value: unknown, person: Person, rewrite: (text: string) => string, pseudonymEmail: string): unknown {
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, person, rewrite, pseudonymEmail));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const emails = new Set(person.emails);
  const email = typeof object.email === 'string' ? object.email.toLowerCase() : undefined;
  const first = typeof object.firstName === 'string' ? object.firstName.trim() : '';
  const last = typeof object.lastName === 'string' ? object.lastName.trim() : '';
  const theirs =
    (email !== undefined && emails.has(email)) || (first && last && person.names.includes(`${first} ${last}`));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(object)) out[key] = scrubJson(v, person, rewrite, pseudonymEmail);
  if (theirs) {
    if ('firstName' in out)
      out.firstName = rewrite(`${first} ${last}`) === `${first} ${last}` ? '' : rewrite(`${first} ${last}`);
    if ('lastName' in out) out.lastName = '';
    if ('email' in out && out.email !== null) out.email = pseudonymEmail;
    for (const key of ['companyName', 'birthdate', 'phone'] as const) if (key in out) out[key] = null;
  }
  return out;
}

/** Outbox rows whose payload, label or answer names the person, or that move one of their check-ins. */
function outboxRowsOf(db: Database.Database, person: Person) {
  // As written, and case aside (SQLite's lower() folds ASCII letters only).
  const needles = [...new Set(needlesOf(person).flatMap((t) => [t, t.toLowerCase()]))];
  const where = [
    `target IN (SELECT 'check-in:' || value FROM json_each(?))`,
    ...needles.map(
      () =>
        `(instr(payload, ?) > 0 OR instr(label, ?) > 0 OR instr(coalesce(result, ''), ?) > 0 OR instr(lower(payload), ?) > 0 OR instr(lower(label), ?) > 0 OR instr(lower(coalesce(result, '')), ?) > 0)`,
    ),
  ];
  return db
    .prepare(`SELECT id, kind, label, payload, result, state FROM outbox WHERE ${where.join(' OR ')} ORDER BY id`)
    .all(JSON.stringify(person.checkInIds), ...needles.flatMap((t) => [t, t, t, t, t, t])) as {
    id: number;
    kind: string;
    label: string;
    payload: string;
    result: string | null;
    state: string;
  }[];
}

registerPersonData({
  name: 'outbox',
  export(person, { mirror }) {
    return outboxRowsOf(mirror.db, person).map((r) => ({
      kind: 'outbox item',
      outboxId: r.id,
      what: r.kind,
      label: r.label,
      state: r.state,
      payload: JSON.parse(r.payload) as unknown,
      result: r.result === null ? null : (JSON.parse(r.result) as unknown),
    }));
  },
  queued(person, { mirror }) {
    return outboxRowsOf(mirror.db, person)
      .filter((r) => r.state !== 'delivered')
      .map((r) => r.label);
  },
  erase(person, { mirror, pseudonym, pseudonymEmail }) {
    // JSON stays JSON: a name and an email are replaced by text that needs no escaping.
    const rewrite = rewriter(person, pseudonym, pseudonymEmail);
    const update = mirror.db.prepare('UPDATE outbox SET label = ?, payload = ?, result = ? WHERE id = ?');
    const found = outboxRowsOf(mirror.db, person);
    const scrub = (text: string) => JSON.stringify(scrubJson(JSON.parse(text), person, rewrite, pseudonymEmail));
    for (const r of found)
      update.run(rewrite(r.label), scrub(r.payload), r.result === null ? null : scrub(r.result), r.id);
    return found.length;
  },
});

registerPersonData({
  name: 'audit log',
  export(person, { mirror }) {
    return mirror.auditLog.mentioning(needlesOf(person)).map((r) => ({ kind: 'audit entry', ...r }));
  },
  erase(person, { mirror, pseudonym, pseudonymEmail }) {
    return mirror.auditLog.rewriteMentions(needlesOf(person), rewriter(person, pseudonym, pseudonymEmail));
  },
});
