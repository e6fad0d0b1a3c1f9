/**
 * Demo data of the reference service: a realistic week of visitor events
 * (yesterday to six days ahead) for one company of the world, with guests,
 * invitations and check-ins as a reception would see them at `now`.
 * Deterministic for a given seed and `now`.
 *
 * The phases, one file each: the company's reference data (company.ts), the
 * week's plan (plan.ts), then event by event in order of start: the event
 * (events.ts), its guests (guests.ts), their invitations (invitations.ts)
 * and what happened at the door (check-ins.ts). All draw from one seeded
 * random sequence (random.ts) in this order, so the order is part of the
 * output: test/unit/demo-seed.test.ts pins it.
 */
import type Database from 'better-sqlite3';
import { firstFreeIds, readCompany } from './company.ts';
import { createEventWriter } from './events.ts';
import { createGuestBook } from './guests.ts';
import { createInviter } from './invitations.ts';
import { planEvents } from './plan.ts';
import { Random } from './random.ts';

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
  /** Whose days and office hours the week has (an IANA name); default: the machine's time zone. */
  timeZone?: string;
}

export interface SeedDemoResult {
  events: number;
  invitations: number;
}

/** Whether the company already has events (demo data or otherwise). */
export function isSeeded(db: Database.Database, companyId = 1): boolean {
  return db.prepare('SELECT EXISTS (SELECT 1 FROM events WHERE company_id = ?)').pluck().get(companyId) === 1;
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
    const company = readCompany(db, companyId);
    const ids = firstFreeIds(db);
    const planned = planEvents(r, { now, total, locations: company.locations, timeZone: options.timeZone });
    const writeEvent = createEventWriter(db, r, { company, now });
    const guests = createGuestBook(db, r, { companyId, firstId: ids.contact, usedEmails: company.usedEmails });
    const inviter = createInviter(db, r, { now, guests, firstId: ids.invitation });
    planned.forEach((event, index) => inviter.invite(event, writeEvent(event, ids.event + index, index + 1)));
    return { events: planned.length, invitations: inviter.count };
  })();
}
