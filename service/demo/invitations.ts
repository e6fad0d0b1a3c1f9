/**
 * The invitations of an event: one per guest (new, or returning from an
 * earlier event), made between the event's creation and its start, some
 * updated since, a few of future events deleted, some with a parking
 * request; each with its check-in (check-ins.ts).
 */
import type Database from 'better-sqlite3';
import { createCheckInWriter } from './check-ins.ts';
import type { WrittenEvent } from './events.ts';
import { iso } from './fast-iso.ts';
import type { Guest, GuestBook } from './guests.ts';
import type { PlannedEvent } from './plan.ts';
import type { Random } from './random.ts';
import { PLATE_LETTERS } from './templates.ts';

export interface Inviter {
  /** Invites the event's guests. */
  invite(event: PlannedEvent, written: WrittenEvent): void;
  /** Invitations written so far. */
  readonly count: number;
}

export function createInviter(
  db: Database.Database,
  r: Random,
  { now, guests, firstId }: { now: number; guests: GuestBook; firstId: number },
): Inviter {
  const insert = db.prepare(
    `INSERT INTO invitations (id, event_id, source_id, contact_id, custom_fields, deleted_at, created_at, updated_at,
       location_id, event_starts_at, event_ends_at, listed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const writeCheckIn = createCheckInWriter(db, r, now);
  let nextId = firstId;
  let count = 0;

  const invite = (event: PlannedEvent, written: WrittenEvent) => {
    const { createdAt, anchor } = written;
    const started = event.startsAt <= now;
    const invited = new Set<Guest>();
    const door = { ...written, startsAt: event.startsAt, endsAt: event.endsAt, draft: event.draft };
    for (let g = 0; g < event.count; g++) {
      const id = nextId++;
      count++;
      let invCreated = r.chance(0.7) ? createdAt : createdAt + Math.floor(r.float() * (anchor - createdAt));
      let guest = guests.returning(invited);
      if (guest) invCreated = Math.max(invCreated, guest.createdAt);
      else guest = guests.add(event, invCreated);
      invited.add(guest);

      const deleted = !event.draft && !started && r.chance(0.01);
      let invUpdated = Math.max(invCreated, written.updatedAt);
      if (r.chance(0.1)) invUpdated += Math.floor(r.float() * (now - invUpdated));
      let deletedAt: number | null = null;
      if (deleted) {
        deletedAt = invUpdated + Math.floor(r.float() * (now - invUpdated));
        invUpdated = deletedAt;
      }
      const parking = r.chance(0.08)
        ? JSON.stringify({
            parking: true,
            licensePlate: `${r.pick(['B', 'M', 'W', 'HH', 'S', 'K'])}-${r.pick(PLATE_LETTERS)}${r.pick(PLATE_LETTERS)} ${r.int(10, 9999)}`,
          })
        : null;
      insert.run(
        id,
        written.id,
        `demo-inv-${String(count).padStart(6, '0')}`,
        guest.id,
        parking,
        deletedAt === null ? null : iso(deletedAt),
        iso(invCreated),
        iso(invUpdated),
        event.location.id,
        written.startsIso,
        written.endsIso,
        event.draft || deleted ? 0 : 1,
      );
      writeCheckIn({ id, createdAt: invCreated, deletedAt }, door);
    }
  };

  return {
    invite,
    get count() {
      return count;
    },
  };
}
