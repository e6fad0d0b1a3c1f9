/**
 * The events: each planned event written with its name filled in, its host,
 * a room now and then, and one to three of the access profiles mapped at its
 * location.
 */
import type Database from 'better-sqlite3';
import type { DemoCompany, ProfileRef } from './company.ts';
import { iso } from './fast-iso.ts';
import type { PlannedEvent } from './plan.ts';
import type { Random } from './random.ts';
import { PROJECTS, ROLES, roomsOf, TOPICS, TRAININGS } from './templates.ts';
import { DAY, HOUR } from '../../shared/time.ts';

/** An event as written, with what its invitations take from it. */
export interface WrittenEvent {
  id: number;
  createdAt: number;
  updatedAt: number;
  /** Invitations were made between the event's creation and this moment (its start, or `now` if sooner). */
  anchor: number;
  startsIso: string;
  endsIso: string;
}

export function createEventWriter(
  db: Database.Database,
  r: Random,
  { company, now }: { company: DemoCompany; now: number },
): (event: PlannedEvent, id: number, number: number) => WrittenEvent {
  const insertEvent = db.prepare(
    `INSERT INTO events (id, company_id, source_id, name, description, starts_at, ends_at, location_id, host_id, draft,
       custom_fields, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLink = db.prepare(
    'INSERT INTO event_access_profiles (event_id, group_id, profile_source_id) VALUES (?, ?, ?)',
  );

  return (event, id, number) => {
    const { template, location } = event;
    const name = template.name
      .replace('{company}', event.company.name)
      .replace('{role}', r.pick(ROLES))
      .replace('{topic}', r.pick(TOPICS))
      .replace('{training}', r.pick(TRAININGS))
      .replace('{project}', r.pick(PROJECTS));
    const anchor = Math.min(now, event.startsAt);
    const createdAt = anchor - r.int(2 * HOUR, 21 * DAY);
    const updatedAt = r.chance(0.5) ? createdAt : createdAt + Math.floor(r.float() * (anchor - createdAt));
    const room = template.allDay
      ? `Training room 4.0${r.int(1, 6)}`
      : `${r.pick(roomsOf(location.name))} ${r.int(1, 5)}.${String(r.int(1, 14)).padStart(2, '0')}`;
    const customFields = r.chance(0.6) ? JSON.stringify({ meetingRoom: room, catering: r.chance(0.5) }) : null;
    const description = template.description && r.chance(0.6) ? template.description : null;
    const startsIso = iso(event.startsAt);
    const endsIso = iso(event.endsAt);
    insertEvent.run(
      id,
      company.id,
      `demo-evt-${String(number).padStart(4, '0')}`,
      name,
      description,
      startsIso,
      endsIso,
      location.id,
      r.pick(company.hosts),
      event.draft ? 1 : 0,
      customFields,
      iso(createdAt),
      iso(updatedAt),
    );
    const profiles = company.profilesAt.get(location.id) ?? [];
    if (profiles.length > 0) {
      const chosen = new Set<number>();
      const want = Math.min(profiles.length, r.int(1, 3));
      while (chosen.size < want) chosen.add(r.int(0, profiles.length - 1));
      for (const i of chosen) {
        const p = profiles[i] as ProfileRef;
        insertLink.run(id, p.groupId, p.sourceId);
      }
    }
    return { id, createdAt, updatedAt, anchor, startsIso, endsIso };
  };
}
