/**
 * Demo data of the reference service: a realistic week of visitor events
 * (yesterday to six days ahead) for one company of the world, with guests,
 * invitations and check-ins as a reception would see them at `now`.
 * Deterministic for a given seed and `now`.
 */
import type Database from 'better-sqlite3';
import type { KnownGuestLanguage } from '../../shared/api/primitives.ts';
import { issueAccessControl } from '../store/access-control.ts';
import { iso } from './fast-iso.ts';
import { asciify, GUEST_COMPANIES, GUEST_NAMES, PERSONAL_DOMAINS, type GuestCompany } from './names.ts';
import { Random } from './random.ts';
import {
  type Size,
  type Template,
  TEMPLATES,
  ROLES,
  TOPICS,
  TRAININGS,
  PROJECTS,
  SIZES,
  START_HOURS,
  LATEST_END_HOUR,
  languageWeights,
  roomsOf,
  COMPANIES_BY_LANGUAGE,
  DOCUMENT_ALPHABET,
  PLATE_LETTERS,
} from './templates.ts';

export { DEMO_TOKEN, DEMO_WORLD_PATH } from './world-path.ts';

export const DEFAULT_DEMO_INVITATIONS = 600;

export interface SeedDemoOptions {
  /** The company to fill; default 1. It must exist (applyWorld) and have no events yet. */
  companyId?: number;
  /** The moment the demo is built around (ms since the epoch). */
  now: number;
  /** Exact number of invitations to create; default 600. */
  invitations?: number;
  /** PRNG seed; default 1. */
  seed?: number;
}

export interface SeedDemoResult {
  events: number;
  invitations: number;
}

/** Whether the company already has events (demo data or otherwise). */
export function isSeeded(db: Database.Database, companyId = 1): boolean {
  return db.prepare('SELECT EXISTS (SELECT 1 FROM events WHERE company_id = ?)').pluck().get(companyId) === 1;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface LocationRow {
  id: number;
  name: string;
}

interface PlannedEvent {
  locationId: number;
  template: Template;
  startsAt: number;
  endsAt: number;
  company: GuestCompany;
  count: number;
  draft: boolean;
}

interface ContactPlan {
  id: number;
  createdAt: number;
}

/**
 * Fills an empty company with a week of demo data; run applyWorld first.
 * Everything happens in one transaction.
 */
export function seedDemo(db: Database.Database, options: SeedDemoOptions): SeedDemoResult {
  const companyId = options.companyId ?? 1;
  const now = Math.floor(options.now);
  const total = options.invitations ?? DEFAULT_DEMO_INVITATIONS;
  if (!Number.isFinite(now)) throw new Error('seedDemo: `now` must be a finite timestamp in milliseconds');
  if (!Number.isInteger(total) || total < 0) throw new Error('seedDemo: `invitations` must be an integer >= 0');
  const r = new Random(options.seed ?? 1);

  return db.transaction((): SeedDemoResult => {
    if (isSeeded(db, companyId)) throw new Error(`seedDemo: company ${companyId} already has events`);
    const locations = db
      .prepare('SELECT id, name FROM locations WHERE company_id = ? ORDER BY id')
      .all(companyId) as LocationRow[];
    const hosts = db
      .prepare('SELECT id FROM employees WHERE company_id = ? ORDER BY id')
      .pluck()
      .all(companyId) as number[];
    if (locations.length === 0 || hosts.length === 0)
      throw new Error(`seedDemo: company ${companyId} needs locations and employees (run applyWorld first)`);
    const profileRows = db
      .prepare(
        `SELECT g.location_id AS locationId, g.id AS groupId, p.source_id AS sourceId
         FROM access_profile_groups g JOIN access_profiles p ON p.group_id = g.id
         WHERE g.company_id = ? AND g.id IN (SELECT group_id FROM integration_groups)
         ORDER BY g.source_id, p.source_id`,
      )
      .all(companyId) as { locationId: number; groupId: number; sourceId: string }[];
    const profilesAt = new Map<number, { groupId: number; sourceId: string }[]>();
    for (const p of profileRows) {
      const list = profilesAt.get(p.locationId) ?? [];
      list.push({ groupId: p.groupId, sourceId: p.sourceId });
      profilesAt.set(p.locationId, list);
    }
    const nextId = (table: string) =>
      db.prepare(`SELECT coalesce(max(id), 0) + 1 FROM ${table}`).pluck().get() as number;
    let contactId = nextId('contacts');
    let eventId = nextId('events');
    let invitationId = Math.max(nextId('invitations'), nextId('check_ins'));
    const usedEmails = new Set(
      db
        .prepare('SELECT email_key FROM contacts WHERE company_id = ? AND email_key IS NOT NULL')
        .pluck()
        .all(companyId) as string[],
    );
    const emailSuffix = new Map<string, number>();

    // Phase 1: the events, with their guest counts.
    const today = Math.floor(now / DAY) * DAY;
    const dayWeights: (readonly [number, number])[] = [];
    for (let d = -1; d <= 6; d++) {
      const weekday = new Date(today + d * DAY).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      dayWeights.push([today + d * DAY, d === 0 ? 1.5 : weekend ? 0.25 : 1]);
    }
    const locationWeights = locations.map((l, i) => [l, i === 0 && locations.length > 1 ? 2 : 1] as const);
    const languagesAt = new Map(locations.map((l) => [l.id, languageWeights(l.name)]));
    const templateWeights = TEMPLATES.map((t) => [t, t.weight] as const);
    const maxPerEvent = Math.min(200, Math.max(30, Math.ceil(total / 400)));
    const scale = maxPerEvent / 30;
    const sizeRange = (size: Size): readonly [number, number] => {
      const [lo, hi] = SIZES[size];
      if (size === 'tiny') return [lo, hi];
      return [Math.max(1, Math.round(lo * scale)), Math.min(maxPerEvent, Math.round(hi * scale))];
    };
    const pickCompany = (languages: readonly (readonly [KnownGuestLanguage, number])[]) => {
      const candidates = COMPANIES_BY_LANGUAGE.get(r.weighted(languages));
      return candidates && candidates.length > 0 ? r.pick(candidates) : r.pick(GUEST_COMPANIES);
    };

    const planned: PlannedEvent[] = [];
    for (let remaining = total; remaining > 0;) {
      const first = planned.length < locations.length; // every location gets an event today
      const location = first ? (locations[planned.length] as LocationRow) : r.weighted(locationWeights);
      const day = first ? today : r.weighted(dayWeights);
      const template = r.weighted(templateWeights);
      let startsAt: number;
      let endsAt: number;
      if (template.allDay) {
        startsAt = day + 9 * HOUR;
        endsAt = day + 17 * HOUR;
      } else {
        const [minH, maxH] = template.hours ?? [1, 2];
        const duration = r.int(minH * 2, maxH * 2) * 30 * MINUTE;
        const hour = template.at ?? r.weighted(START_HOURS);
        const minute =
          template.at !== undefined
            ? 0
            : r.weighted([
                [0, 60],
                [30, 34],
                [15, 3],
                [45, 3],
              ] as const);
        startsAt = day + hour * HOUR + minute * MINUTE;
        endsAt = Math.min(startsAt + duration, day + LATEST_END_HOUR * HOUR);
        startsAt = endsAt - duration;
        if (first && template.at === undefined && now - day >= 8.5 * HOUR && now - day < 18 * HOUR) {
          // During office hours, the first event of each location is under way at `now`.
          const half = 30 * MINUTE;
          startsAt = Math.max(day + 8 * HOUR, Math.floor(now / half) * half - r.int(1, 4) * half);
          endsAt = Math.min(
            day + LATEST_END_HOUR * HOUR,
            Math.max(startsAt + duration, Math.ceil((now + half) / half) * half),
          );
        }
      }
      const [lo, hi] = sizeRange(template.size);
      const count = Math.min(remaining, r.int(lo, hi));
      remaining -= count;
      planned.push({
        locationId: location.id,
        template,
        startsAt,
        endsAt,
        company: pickCompany(languagesAt.get(location.id) ?? languageWeights('')),
        count,
        draft: startsAt > now && r.chance(0.11),
      });
    }
    planned.sort((a, b) => a.startsAt - b.startsAt || a.locationId - b.locationId);

    // Phase 2: guests, invitations and check-ins, in order of the events' start.
    const insertContact = db.prepare(
      `INSERT INTO contacts (id, company_id, email, email_key, first_name, last_name, birthdate, company_name, language,
         created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertEvent = db.prepare(
      `INSERT INTO events (id, company_id, source_id, name, description, starts_at, ends_at, location_id, host_id, draft,
         custom_fields, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertLink = db.prepare(
      'INSERT INTO event_access_profiles (event_id, group_id, profile_source_id) VALUES (?, ?, ?)',
    );
    const insertInvitation = db.prepare(
      `INSERT INTO invitations (id, event_id, source_id, contact_id, custom_fields, deleted_at, created_at, updated_at,
         location_id, event_starts_at, event_ends_at, listed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertCheckIn = db.prepare(
      `INSERT INTO check_ins (id, state, arrived_at, left_at, trusted_id, access_control, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const contacts: ContactPlan[] = [];
    const accessRandom = (max: number) => r.int(0, max - 1);

    const asciiCache = new Map<string, string>();
    const ascii = (name: string, language: KnownGuestLanguage) => {
      const key = `${language}\u0000${name}`;
      let value = asciiCache.get(key);
      if (value === undefined) asciiCache.set(key, (value = asciify(name, language)));
      return value;
    };

    const newContact = (event: PlannedEvent, createdAt: number): ContactPlan => {
      const mix = event.template.guests;
      let company: GuestCompany | null;
      const languages = languagesAt.get(event.locationId) ?? languageWeights('');
      if (mix === 'private') company = null;
      else if (r.chance(mix === 'company' ? 0.8 : 0.4)) company = event.company;
      else company = pickCompany(languages);
      const language = company && r.chance(0.85) ? company.language : r.weighted(languages);
      const names = GUEST_NAMES[language];
      const female = r.chance(0.5);
      const firstName = r.pick(female ? names.female : names.male);
      const last = r.pick(names.last);
      const lastName = typeof last === 'string' ? last : last[female ? 1 : 0];
      const domain = company ? company.domain : r.pick(PERSONAL_DOMAINS);
      const base = `${ascii(firstName, language)}.${ascii(lastName, language)}`;
      let email = `${base}@${domain}`;
      if (usedEmails.has(email)) {
        let n = emailSuffix.get(email) ?? 2;
        while (usedEmails.has(`${base}${n}@${domain}`)) n++;
        emailSuffix.set(email, n + 1);
        email = `${base}${n}@${domain}`;
      }
      usedEmails.add(email);
      const birthdate = r.chance(0.5)
        ? `${r.int(1958, 2004)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`
        : null;
      const contact: ContactPlan = { id: contactId++, createdAt };
      contacts.push(contact);
      const at = iso(createdAt);
      insertContact.run(
        contact.id,
        companyId,
        email,
        email.toLowerCase(),
        firstName,
        lastName,
        birthdate,
        company?.name ?? null,
        language,
        at,
        at,
      );
      return contact;
    };

    const trustedId = (id: number) =>
      JSON.stringify({
        documentNumber: Array.from({ length: 9 }, () => r.pick(DOCUMENT_ALPHABET)).join(''),
        document: 'EXISTED',
        selfie: 'MATCHED',
        liveness: 'PASSED',
        invitationMatch: {
          wasManuallyReviewed: r.chance(0.1),
          firstName: 'EXACT',
          lastName: 'EXACT',
          birthdate: 'EXACT',
        },
        images: {
          faceImageUrl: `https://images.example.test/faces/${id}.jpg`,
          identityDocumentImageUrl: `https://images.example.test/docs/${id}.jpg`,
        },
      });

    let invitationNumber = 0;
    planned.forEach((event, index) => {
      const id = eventId++;
      const { template } = event;
      const fill = template.name
        .replace('{company}', event.company.name)
        .replace('{role}', r.pick(ROLES))
        .replace('{topic}', r.pick(TOPICS))
        .replace('{training}', r.pick(TRAININGS))
        .replace('{project}', r.pick(PROJECTS));
      const anchor = Math.min(now, event.startsAt);
      const createdAt = anchor - r.int(2 * HOUR, 21 * DAY);
      const updatedAt = r.chance(0.5) ? createdAt : createdAt + Math.floor(r.float() * (anchor - createdAt));
      const location = locations.find((l) => l.id === event.locationId) as LocationRow;
      const room = template.allDay
        ? `Training room 4.0${r.int(1, 6)}`
        : `${r.pick(roomsOf(location.name))} ${r.int(1, 5)}.${String(r.int(1, 14)).padStart(2, '0')}`;
      const customFields = r.chance(0.6) ? JSON.stringify({ meetingRoom: room, catering: r.chance(0.5) }) : null;
      const description = template.description && r.chance(0.6) ? template.description : null;
      const startsIso = iso(event.startsAt);
      const endsIso = iso(event.endsAt);
      insertEvent.run(
        id,
        companyId,
        `demo-evt-${String(index + 1).padStart(4, '0')}`,
        fill,
        description,
        startsIso,
        endsIso,
        event.locationId,
        r.pick(hosts),
        event.draft ? 1 : 0,
        customFields,
        iso(createdAt),
        iso(updatedAt),
      );
      const profiles = profilesAt.get(event.locationId) ?? [];
      if (profiles.length > 0) {
        const chosen = new Set<number>();
        const want = Math.min(profiles.length, r.int(1, 3));
        while (chosen.size < want) chosen.add(r.int(0, profiles.length - 1));
        for (const i of chosen) {
          const p = profiles[i] as { groupId: number; sourceId: string };
          insertLink.run(id, p.groupId, p.sourceId);
        }
      }

      const ended = event.endsAt <= now;
      const started = event.startsAt <= now;
      const inEvent = new Set<ContactPlan>();
      for (let g = 0; g < event.count; g++) {
        const invId = invitationId++;
        invitationNumber++;
        let invCreated = r.chance(0.7) ? createdAt : createdAt + Math.floor(r.float() * (anchor - createdAt));
        let contact: ContactPlan | undefined;
        if (contacts.length > 0 && r.chance(0.06)) {
          // A returning guest. Events go by start, so the contact is no younger than this event's anchor.
          const candidate = r.pick(contacts);
          if (!inEvent.has(candidate)) contact = candidate;
        }
        if (contact) invCreated = Math.max(invCreated, contact.createdAt);
        else contact = newContact(event, invCreated);
        inEvent.add(contact);

        const deleted = !event.draft && !started && r.chance(0.01);
        let invUpdated = Math.max(invCreated, updatedAt);
        if (r.chance(0.1)) invUpdated += Math.floor(r.float() * (now - invUpdated));
        let deletedAt: number | null = null;
        if (deleted) {
          deletedAt = invUpdated + Math.floor(r.float() * (now - invUpdated));
          invUpdated = deletedAt;
        }
        const invCustom = r.chance(0.08)
          ? JSON.stringify({
              parking: true,
              licensePlate: `${r.pick(['B', 'M', 'W', 'HH', 'S', 'K'])}-${r.pick(PLATE_LETTERS)}${r.pick(PLATE_LETTERS)} ${r.int(10, 9999)}`,
            })
          : null;
        insertInvitation.run(
          invId,
          id,
          `demo-inv-${String(invitationNumber).padStart(6, '0')}`,
          contact.id,
          invCustom,
          deletedAt === null ? null : iso(deletedAt),
          iso(invCreated),
          iso(invUpdated),
          event.locationId,
          startsIso,
          endsIso,
          event.draft || deleted ? 0 : 1,
        );

        let state = 'EXPECTED';
        let arrivedAt: number | null = null;
        let leftAt: number | null = null;
        if (deleted) state = 'CANCELLED';
        else if (!event.draft && ended) {
          const x = r.float();
          if (x < 0.85) {
            arrivedAt = Math.min(event.startsAt + r.int(-20 * MINUTE, 25 * MINUTE), event.endsAt - MINUTE);
            if (x < 0.82) {
              state = 'CHECKED_OUT';
              leftAt = Math.min(
                now,
                Math.max(arrivedAt + 15 * MINUTE, event.endsAt + r.int(-40 * MINUTE, 20 * MINUTE)),
              );
            } else state = 'CHECKED_IN'; // forgot to check out
          }
        } else if (!event.draft && started) {
          const x = r.float();
          if (x < 0.45) {
            arrivedAt = event.startsAt + Math.floor(r.float() * (now - event.startsAt));
            if (x < 0.05) {
              state = 'CHECKED_OUT'; // left early
              leftAt = arrivedAt + Math.floor(r.float() * (now - arrivedAt));
            } else state = 'CHECKED_IN';
          }
        }
        const onSite = arrivedAt !== null;
        insertCheckIn.run(
          invId,
          state,
          arrivedAt === null ? null : iso(arrivedAt),
          leftAt === null ? null : iso(leftAt),
          onSite && r.chance(0.3) ? trustedId(invId) : null,
          onSite ? JSON.stringify(issueAccessControl({ startsAt: startsIso, endsAt: endsIso }, accessRandom)) : null,
          iso(leftAt ?? arrivedAt ?? deletedAt ?? invCreated),
        );
      }
    });

    return { events: planned.length, invitations: invitationNumber };
  })();
}
