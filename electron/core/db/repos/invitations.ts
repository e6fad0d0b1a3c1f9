/** events, contacts and invitations: what the invitations listing brings. */
import type Database from 'better-sqlite3';
import { Contact, Event, ReceptionInvitation } from '../../../../shared/api/index.ts';
import { createNameKeys } from '../../lookup/keys.ts';
import { extraOf, keysOf, orNull, utc } from './util.ts';

// What each schema names goes to columns; anything else is kept in `extra`.
const EVENT_KEYS = keysOf(Event);
const CONTACT_KEYS = keysOf(Contact);
const INVITATION_KEYS = keysOf(ReceptionInvitation);

/** A location's invitations whose event overlaps [from, to). */
export interface InvitationWindow {
  locationId: number;
  from: string;
  to: string;
}

export function createInvitationsRepo(db: Database.Database) {
  const nameKeys = createNameKeys();
  // Counts this connection's writes that change which guests there are or what they are called: what the
  // lookup keeps in memory is read again only when this moves (not on check-ins, nor on unchanged pages).
  let guestsVersion = 0;
  const changed = (changes: number) => {
    if (changes > 0) guestsVersion++;
    return changes;
  };
  const unseenIds = db
    .prepare(
      `SELECT id FROM invitations WHERE location_id = @locationId AND ends_at > @from AND starts_at < @to
       AND id NOT IN (SELECT value FROM json_each(@seen))`,
    )
    .pluck() as Database.Statement<[InvitationWindow & { seen: string }], number>;
  const removeIds = db.prepare<[string]>('DELETE FROM invitations WHERE id IN (SELECT value FROM json_each(?))');
  const countInWindow = db
    .prepare('SELECT count(*) FROM invitations WHERE location_id = @locationId AND ends_at > @from AND starts_at < @to')
    .pluck() as Database.Statement<[InvitationWindow], number>;
  const count = db.prepare('SELECT count(*) FROM invitations').pluck() as Database.Statement<[], number>;
  const upsertEvent = db.prepare(`
    INSERT INTO events (id, name, description, starts_at, ends_at, location_id, host_id, draft, created_at, updated_at, extra)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description, starts_at = excluded.starts_at,
      ends_at = excluded.ends_at, location_id = excluded.location_id, host_id = excluded.host_id, draft = excluded.draft,
      created_at = excluded.created_at, updated_at = excluded.updated_at, extra = excluded.extra
    WHERE events.updated_at IS NOT excluded.updated_at OR events.extra IS NOT excluded.extra`);
  const upsertContact = db.prepare(`
    INSERT INTO contacts (id, email, first_name, last_name, birthdate, company_name, language, created_at, updated_at, extra, name_key)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(id) DO UPDATE SET email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name,
      birthdate = excluded.birthdate, company_name = excluded.company_name, language = excluded.language,
      created_at = excluded.created_at, updated_at = excluded.updated_at, extra = excluded.extra, name_key = excluded.name_key
    WHERE contacts.updated_at IS NOT excluded.updated_at OR contacts.extra IS NOT excluded.extra
      OR contacts.name_key IS NOT excluded.name_key`);
  const upsertInvitation = db.prepare(`
    INSERT INTO invitations (id, event_id, contact_id, location_id, starts_at, ends_at, created_at, updated_at, extra)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(id) DO UPDATE SET event_id = excluded.event_id, contact_id = excluded.contact_id,
      location_id = excluded.location_id, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
      created_at = excluded.created_at, updated_at = excluded.updated_at, extra = excluded.extra
    WHERE invitations.updated_at IS NOT excluded.updated_at OR invitations.event_id IS NOT excluded.event_id
      OR invitations.contact_id IS NOT excluded.contact_id OR invitations.starts_at IS NOT excluded.starts_at
      OR invitations.ends_at IS NOT excluded.ends_at OR invitations.location_id IS NOT excluded.location_id
      OR invitations.extra IS NOT excluded.extra`);

  // Positional parameters, in column order: binding them is much cheaper than named ones, row after row.
  const eventRow = (e: Event) => [
    e.id,
    e.name,
    orNull(e.description),
    e.startsAt,
    e.endsAt,
    e.locationId,
    e.hostId,
    e.draft ? 1 : 0,
    e.createdAt,
    e.updatedAt,
    extraOf(e, EVENT_KEYS),
  ];
  const contactRow = (c: Contact) => [
    c.id,
    orNull(c.email),
    orNull(c.firstName),
    orNull(c.lastName),
    orNull(c.birthdate),
    orNull(c.companyName),
    orNull(c.language),
    c.createdAt,
    c.updatedAt,
    extraOf(c, CONTACT_KEYS),
    nameKeys.of(orNull(c.firstName), orNull(c.lastName)),
  ];

  return {
    /** Upserts a page of invitations with their events and contacts. Call inside a transaction. */
    upsertMany(invitations: readonly ReceptionInvitation[]): void {
      const events = new Map<number, Event>();
      const contacts = new Map<number, Contact>();
      for (const invitation of invitations) {
        events.set(invitation.event.id, invitation.event);
        contacts.set(invitation.contact.id, invitation.contact);
      }
      let changes = 0;
      for (const event of events.values()) changes += upsertEvent.run(eventRow(event)).changes;
      for (const contact of contacts.values()) changes += upsertContact.run(contactRow(contact)).changes;
      for (const i of invitations)
        changes += upsertInvitation.run(
          i.id,
          i.event.id,
          i.contact.id,
          i.event.locationId,
          utc(i.event.startsAt),
          utc(i.event.endsAt),
          i.createdAt,
          utc(i.updatedAt),
          extraOf(i, INVITATION_KEYS),
        ).changes;
      changed(changes);
    },

    /**
     * The location's invitations in the window that a complete listing did
     * not show (deleted, moved, turned back into drafts); `seen` is a JSON array of ids.
     */
    unseenIds: (window: InvitationWindow, seen: string): number[] => unseenIds.all({ ...window, seen }),
    /** Removes these invitations; how many there were. */
    removeIds: (ids: readonly (number | string)[]): number => changed(removeIds.run(JSON.stringify(ids)).changes),
    /** The location's invitations in the window. */
    countInWindow: (window: InvitationWindow): number => countInWindow.get(window) ?? 0,

    /**
     * Invitations whose event ended before `before`, and check-ins of guests who
     * left before it. A guest who never left is kept, however long ago they
     * arrived: the evacuation list must not lose anyone on site.
     */
    purgeBefore(before: string): { invitations: number; checkIns: number } {
      const checkIns = db
        .prepare(
          `DELETE FROM check_ins WHERE left_at < @before
           OR (left_at IS NULL AND arrived_at IS NULL AND id IN (SELECT id FROM invitations WHERE ends_at < @before))`,
        )
        .run({ before }).changes;
      const invitations = changed(db.prepare('DELETE FROM invitations WHERE ends_at < ?').run(before).changes);
      return { invitations, checkIns };
    },

    /** Events and contacts no invitation refers to any more. */
    removeOrphans(): void {
      changed(db.prepare('DELETE FROM events WHERE id NOT IN (SELECT event_id FROM invitations)').run().changes);
      changed(db.prepare('DELETE FROM contacts WHERE id NOT IN (SELECT contact_id FROM invitations)').run().changes);
    },

    count: (): number => count.get()!,

    /**
     * Computes the lookup key of every contact (after a migration changed how
     * keys are made). Call with the lookup index deferred: it is rebuilt after.
     */
    refreshNameKeys(): void {
      const update = db.prepare('UPDATE contacts SET name_key = ? WHERE id = ?');
      const rows = db.prepare('SELECT id, first_name AS f, last_name AS l FROM contacts').all() as {
        id: number;
        f: string | null;
        l: string | null;
      }[];
      for (const row of rows) update.run(nameKeys.of(row.f, row.l), row.id);
      changed(rows.length);
    },

    /** Moves whenever this connection changed the guests (who they are, their names, their events). */
    guestsVersion: () => guestsVersion,
  };
}
export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;
