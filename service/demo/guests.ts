/**
 * The guests: a new contact for an invitation (a name in the guest's own
 * language, an email of their company or a personal one, unique in the
 * company, sometimes a birthdate), or now and then a guest of an earlier
 * event coming back.
 */
import type Database from 'better-sqlite3';
import type { KnownGuestLanguage } from '../../shared/api/primitives.ts';
import { iso } from './fast-iso.ts';
import { asciify, GUEST_NAMES, PERSONAL_DOMAINS, type GuestCompany } from './names.ts';
import type { PlannedEvent } from './plan.ts';
import type { Random } from './random.ts';
import { pickGuestCompany } from './templates.ts';

export interface Guest {
  id: number;
  createdAt: number;
}

export interface GuestBook {
  /** A guest of an earlier event (6 % of invitations), unless already invited to this one. */
  returning(invited: ReadonlySet<Guest>): Guest | undefined;
  /** A new guest of the event, written to contacts. */
  add(event: PlannedEvent, createdAt: number): Guest;
}

export function createGuestBook(
  db: Database.Database,
  r: Random,
  { companyId, firstId, usedEmails }: { companyId: number; firstId: number; usedEmails: Set<string> },
): GuestBook {
  const insert = db.prepare(
    `INSERT INTO contacts (id, company_id, email, email_key, first_name, last_name, birthdate, company_name, language,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const guests: Guest[] = [];
  let nextId = firstId;
  const uniqueEmail = emailsOnce(usedEmails);
  const ascii = asciiCached();

  return {
    returning(invited) {
      if (guests.length === 0 || !r.chance(0.06)) return undefined;
      // Events go by start, so the guest is no younger than this event's anchor.
      const candidate = r.pick(guests);
      return invited.has(candidate) ? undefined : candidate;
    },

    add(event, createdAt) {
      const mix = event.template.guests;
      let company: GuestCompany | null;
      if (mix === 'private') company = null;
      else if (r.chance(mix === 'company' ? 0.8 : 0.4)) company = event.company;
      else company = pickGuestCompany(r, event.languages);
      const language = company && r.chance(0.85) ? company.language : r.weighted(event.languages);
      const names = GUEST_NAMES[language];
      const female = r.chance(0.5);
      const firstName = r.pick(female ? names.female : names.male);
      const last = r.pick(names.last);
      const lastName = typeof last === 'string' ? last : last[female ? 1 : 0];
      const domain = company ? company.domain : r.pick(PERSONAL_DOMAINS);
      const email = uniqueEmail(`${ascii(firstName, language)}.${ascii(lastName, language)}`, domain);
      const birthdate = r.chance(0.5)
        ? `${r.int(1958, 2004)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`
        : null;
      const guest: Guest = { id: nextId++, createdAt };
      guests.push(guest);
      const at = iso(createdAt);
      insert.run(
        guest.id,
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
      return guest;
    },
  };
}

/** `local@domain`, or with the next free number (`local2@domain`) when taken. */
function emailsOnce(used: Set<string>): (local: string, domain: string) => string {
  const nextSuffix = new Map<string, number>();
  return (local, domain) => {
    let email = `${local}@${domain}`;
    if (used.has(email)) {
      let n = nextSuffix.get(email) ?? 2;
      while (used.has(`${local}${n}@${domain}`)) n++;
      nextSuffix.set(email, n + 1);
      email = `${local}${n}@${domain}`;
    }
    used.add(email);
    return email;
  };
}

/** asciify, remembered: the same few hundred names come back thousands of times. */
function asciiCached(): (name: string, language: KnownGuestLanguage) => string {
  const cache = new Map<string, string>();
  return (name, language) => {
    const key = `${language}\u0000${name}`;
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = asciify(name, language)));
    return value;
  };
}
