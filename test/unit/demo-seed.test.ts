import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_LANGUAGES } from '../../shared/api/primitives.ts';
import { clockHour, dayKey, iso } from '../../shared/time.ts';
import { isSeeded, seedDemo } from '../../service/demo/seed.ts';
import { demoDatabases } from '../support/demo-db.ts';

/** A Wednesday, early afternoon (UTC). */
const NOW = Date.UTC(2026, 2, 11, 13, 30);
const TODAY = '2026-03-11';

const databases = demoDatabases();
const demoDb = () => databases.demoDb(NOW);
afterEach(databases.cleanup);

const count = (db: Database.Database, sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number;

function dump(db: Database.Database): string {
  return JSON.stringify(
    ['contacts', 'events', 'event_access_profiles', 'invitations', 'check_ins'].map((table) =>
      db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).raw().all(),
    ),
  );
}

/** What must hold for any seed and any `now`. */
function checkInvariants(db: Database.Database, now: number): void {
  // Nobody is on site at an event that has not started yet.
  expect(
    count(
      db,
      `SELECT count(*) FROM check_ins c JOIN invitations i USING (id)
         WHERE c.state != 'EXPECTED' AND c.state != 'CANCELLED' AND i.event_starts_at > ?`,
      iso(now),
    ),
  ).toBe(0);

  const wire = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
  for (const t of db
    .prepare(
      `SELECT starts_at FROM events UNION ALL SELECT ends_at FROM events UNION ALL SELECT created_at FROM invitations
         UNION ALL SELECT updated_at FROM invitations UNION ALL SELECT updated_at FROM check_ins
         UNION ALL SELECT created_at FROM contacts`,
    )
    .pluck()
    .all())
    expect(t).toMatch(wire);
  expect(
    count(
      db,
      'SELECT count(*) FROM events WHERE updated_at < created_at OR updated_at > ? OR starts_at >= ends_at',
      iso(now),
    ),
  ).toBe(0);
  expect(
    count(
      db,
      `SELECT count(*) FROM invitations i JOIN events e ON e.id = i.event_id JOIN contacts c ON c.id = i.contact_id
         WHERE i.updated_at < i.created_at OR i.updated_at > ? OR i.updated_at < e.updated_at OR i.updated_at < c.updated_at`,
      iso(now),
    ),
  ).toBe(0);
  expect(
    count(
      db,
      `SELECT count(*) FROM invitations i JOIN events e ON e.id = i.event_id
         WHERE i.location_id != e.location_id OR i.event_starts_at != e.starts_at OR i.event_ends_at != e.ends_at
           OR i.listed != (e.draft = 0 AND i.deleted_at IS NULL)`,
    ),
  ).toBe(0);
  expect(count(db, "SELECT count(*) FROM check_ins WHERE state = 'CHECKED_OUT' AND NOT (arrived_at <= left_at)")).toBe(
    0,
  );
  expect(
    count(db, "SELECT count(*) FROM check_ins WHERE state IN ('CHECKED_IN', 'CHECKED_OUT') AND access_control IS NULL"),
  ).toBe(0);
  expect(count(db, 'SELECT count(*) FROM check_ins WHERE arrived_at > ? OR left_at > ?', iso(now), iso(now))).toBe(0);
  expect(count(db, 'SELECT count(*) FROM invitations i LEFT JOIN check_ins c USING (id) WHERE c.id IS NULL')).toBe(0);
  expect(
    count(
      db,
      "SELECT count(*) FROM invitations i JOIN check_ins c USING (id) WHERE (c.state = 'CANCELLED') != (i.deleted_at IS NOT NULL)",
    ),
  ).toBe(0);
  expect(db.pragma('foreign_key_check')).toEqual([]);
}

/** How many rows each seeded table holds, and the check-ins by state. */
function census(db: Database.Database): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of ['contacts', 'events', 'event_access_profiles', 'invitations', 'check_ins'])
    counts[table] = count(db, `SELECT count(*) FROM ${table}`);
  counts.drafts = count(db, 'SELECT count(*) FROM events WHERE draft = 1');
  counts.listed = count(db, 'SELECT count(*) FROM invitations WHERE listed = 1');
  counts.trusted = count(db, 'SELECT count(*) FROM check_ins WHERE trusted_id IS NOT NULL');
  for (const { state, n } of db
    .prepare('SELECT state, count(*) AS n FROM check_ins GROUP BY state ORDER BY state')
    .all() as { state: string; n: number }[])
    counts[state] = n;
  return counts;
}

const PINNED_COUNTS_WEDNESDAY = {
  contacts: 569,
  events: 83,
  event_access_profiles: 156,
  invitations: 600,
  check_ins: 600,
  drafts: 6,
  listed: 584,
  trusted: 57,
  CANCELLED: 1,
  CHECKED_IN: 57,
  CHECKED_OUT: 144,
  EXPECTED: 398,
};
const PINNED_SHA256_WEDNESDAY = 'e76b60be8ec5b2b5eb56e3124344bf402554f4705c35d936d4bda829a148d31f';
const PINNED_COUNTS_SUNDAY = {
  contacts: 1876,
  events: 270,
  event_access_profiles: 552,
  invitations: 2000,
  check_ins: 2000,
  drafts: 33,
  listed: 1753,
  trusted: 27,
  CANCELLED: 17,
  CHECKED_IN: 11,
  CHECKED_OUT: 89,
  EXPECTED: 1883,
};
const PINNED_SHA256_SUNDAY = 'c5eda626a501dd5f9c3ba2913de9e48493765b8e27e9b6843c619884c6cc5e20';
const PINNED_COUNTS_TWO_COMPANIES = {
  contacts: 148,
  events: 30,
  event_access_profiles: 56,
  invitations: 150,
  check_ins: 150,
  drafts: 2,
  listed: 147,
  trusted: 15,
  CANCELLED: 1,
  CHECKED_IN: 18,
  CHECKED_OUT: 32,
  EXPECTED: 99,
};
const PINNED_SHA256_TWO_COMPANIES = '2cab21923aa223d5ef12e9e28f413d7b20db194666c5f881ba309a47f23b9491';

describe('seedDemo', () => {
  it("builds the week in the site's time zone: its days and its office hours", () => {
    const zone = 'Pacific/Auckland';
    const db = demoDb();
    seedDemo(db, { timeZone: zone, now: NOW });
    const starts = (db.prepare('SELECT starts_at FROM events').pluck().all() as string[]).map((s) => Date.parse(s));
    // Every location has an event on Auckland's today (UTC's 11 March 13:30 is 12 March 02:30 there).
    const today = dayKey(NOW, zone);
    expect(today).toBe('2026-03-12');
    const locationsToday = db
      .prepare('SELECT DISTINCT location_id FROM events ORDER BY 1')
      .pluck()
      .all()
      .filter((id) =>
        (db.prepare('SELECT starts_at FROM events WHERE location_id = ?').pluck().all(id) as string[]).some(
          (s) => dayKey(Date.parse(s), zone) === today,
        ),
      );
    expect(locationsToday).toEqual([10, 11, 12, 13]);
    // Meetings in office hours there, not in UTC's (a night's events at 02:30 are the demo's one under way).
    const inOfficeHours = starts.filter((t) => clockHour(t, zone) >= 7 && clockHour(t, zone) <= 19);
    expect(inOfficeHours.length / starts.length).toBeGreaterThan(0.9);
  });

  it('fills a realistic week', () => {
    const db = demoDb();
    expect(isSeeded(db, 1)).toBe(false);
    const result = seedDemo(db, { timeZone: 'UTC', now: NOW });
    expect(result.invitations).toBe(600);
    expect(isSeeded(db, 1)).toBe(true);
    expect(isSeeded(db, 2)).toBe(false);
    expect(count(db, 'SELECT count(*) FROM invitations')).toBe(600);
    expect(count(db, 'SELECT count(*) FROM events')).toBe(result.events);
    expect(count(db, 'SELECT count(*) FROM check_ins')).toBe(600);
    expect(count(db, 'SELECT count(*) FROM invitations i JOIN check_ins c USING (id)')).toBe(600);

    // All 15 languages, written natively.
    const languages = db.prepare('SELECT DISTINCT language FROM contacts ORDER BY 1').pluck().all();
    expect(languages).toEqual([...GUEST_LANGUAGES].sort());
    expect(
      count(db, "SELECT count(*) FROM contacts WHERE language = 'RU' AND last_name GLOB '*[а-я]*'"),
    ).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM contacts WHERE email IS NULL OR email_key != lower(email)')).toBe(0);
    const withBirthdate = count(db, 'SELECT count(*) FROM contacts WHERE birthdate IS NOT NULL');
    const contacts = count(db, 'SELECT count(*) FROM contacts');
    expect(withBirthdate / contacts).toBeGreaterThan(0.3);
    expect(withBirthdate / contacts).toBeLessThan(0.7);
    for (const b of db.prepare('SELECT birthdate FROM contacts WHERE birthdate IS NOT NULL').pluck().all())
      expect(b).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Drafts, and their invitations are not listed.
    expect(count(db, 'SELECT count(*) FROM events WHERE draft = 1')).toBeGreaterThan(0);
    expect(
      count(
        db,
        'SELECT count(*) FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.draft = 1 AND i.listed = 1',
      ),
    ).toBe(0);

    // Checked-in guests with PIN, some with trustedId; checked-out guests.
    const checkedIn = db
      .prepare("SELECT access_control, trusted_id, arrived_at FROM check_ins WHERE state = 'CHECKED_IN'")
      .all() as { access_control: string; trusted_id: string | null; arrived_at: string }[];
    expect(checkedIn.length).toBeGreaterThan(0);
    for (const c of checkedIn) {
      expect(JSON.parse(c.access_control).pin).toMatch(/^\d{6}$/);
      expect(Date.parse(c.arrived_at)).toBeLessThanOrEqual(NOW);
    }
    const trusted = checkedIn.filter((c) => c.trusted_id !== null);
    expect(trusted.length).toBeGreaterThan(0);
    expect(JSON.parse(trusted[0]?.trusted_id ?? '{}')).toMatchObject({ document: 'EXISTED', selfie: 'MATCHED' });
    expect(
      count(db, "SELECT count(*) FROM check_ins WHERE state = 'CHECKED_OUT' AND arrived_at <= left_at"),
    ).toBeGreaterThan(0);
    // Events today (at every location) and on following days; all timestamps in wire format.
    expect(
      db
        .prepare('SELECT DISTINCT location_id FROM events WHERE substr(starts_at, 1, 10) = ? ORDER BY 1')
        .pluck()
        .all(TODAY),
    ).toEqual([10, 11, 12, 13]);
    expect(
      count(db, 'SELECT count(DISTINCT substr(starts_at, 1, 10)) FROM events WHERE starts_at > ?', `${TODAY}T23:59`),
    ).toBeGreaterThanOrEqual(4);
    expect(count(db, 'SELECT count(*) FROM events WHERE starts_at < ?', '2026-03-10')).toBe(0);
    expect(count(db, 'SELECT count(*) FROM events WHERE starts_at >= ?', '2026-03-18')).toBe(0);
    // Every location has an event under way (see the night below).
    expect(
      db
        .prepare('SELECT DISTINCT location_id FROM events WHERE starts_at <= ? AND ends_at > ? ORDER BY 1')
        .pluck()
        .all(iso(NOW), iso(NOW)),
    ).toEqual([10, 11, 12, 13]);
    checkInvariants(db, NOW);

    // Hosts are employees of the company; source ids look like the demo's.
    expect(
      count(db, 'SELECT count(*) FROM events e JOIN employees h ON h.id = e.host_id WHERE h.company_id != 1'),
    ).toBe(0);
    expect(db.prepare('SELECT source_id FROM events WHERE id = (SELECT min(id) FROM events)').pluck().get()).toBe(
      'demo-evt-0001',
    );
    expect(
      count(db, "SELECT count(*) FROM invitations WHERE source_id NOT GLOB 'demo-inv-[0-9][0-9][0-9][0-9][0-9][0-9]'"),
    ).toBe(0);

    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(() => seedDemo(db, { timeZone: 'UTC', now: NOW })).toThrow(/already has events/);
  });

  it('creates exactly the number of invitations asked for', () => {
    const db = demoDb();
    const result = seedDemo(db, { timeZone: 'UTC', now: NOW, invitations: 5000, seed: 7 });
    expect(result.invitations).toBe(5000);
    expect(count(db, 'SELECT count(*) FROM invitations')).toBe(5000);
    expect(count(db, 'SELECT count(*) FROM check_ins')).toBe(5000);
    expect(
      count(db, 'SELECT max(n) FROM (SELECT count(*) AS n FROM invitations GROUP BY event_id)'),
    ).toBeLessThanOrEqual(30);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('seeds the second company on its own', () => {
    const db = demoDb();
    seedDemo(db, { timeZone: 'UTC', now: NOW });
    const result = seedDemo(db, { timeZone: 'UTC', now: NOW, companyId: 2, invitations: 50 });
    expect(result.invitations).toBe(50);
    expect(count(db, 'SELECT count(*) FROM invitations WHERE location_id = 20')).toBe(50);
    expect(
      count(
        db,
        'SELECT count(*) FROM events e JOIN employees h ON h.id = e.host_id WHERE h.company_id != e.company_id',
      ),
    ).toBe(0);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('holds together at any time of day and on any weekday', () => {
    for (const now of [
      Date.UTC(2026, 2, 15, 3, 0), // Sunday night
      Date.UTC(2026, 2, 13, 18, 45), // Friday evening
      Date.UTC(2026, 2, 16, 8, 50), // Monday morning
      Date.UTC(2026, 11, 31, 23, 59, 59, 999), // New Year's Eve, the last millisecond
    ]) {
      const db = demoDb();
      expect(seedDemo(db, { timeZone: 'UTC', now, invitations: 800, seed: now % 1000 }).invitations).toBe(800);
      checkInvariants(db, now);
      // Whatever the hour, every location has an event under way with guests still expected: the demo kiosk
      // always has someone to find and check in.
      expect(
        db
          .prepare(
            `SELECT DISTINCT e.location_id FROM events e JOIN invitations i ON i.event_id = e.id
             JOIN check_ins k ON k.id = i.id
             WHERE e.starts_at <= ? AND e.ends_at > ? AND e.draft = 0 AND k.state = 'EXPECTED' ORDER BY 1`,
          )
          .pluck()
          .all(iso(now), iso(now)),
      ).toEqual([10, 11, 12, 13]);
    }
  });

  it('is deterministic for a seed and a `now`', () => {
    const a = demoDb();
    const b = demoDb();
    const c = demoDb();
    seedDemo(a, { timeZone: 'UTC', now: NOW, seed: 42 });
    seedDemo(b, { timeZone: 'UTC', now: NOW, seed: 42 });
    seedDemo(c, { timeZone: 'UTC', now: NOW, seed: 43 });
    expect(dump(a)).toBe(dump(b));
    expect(dump(a)).not.toBe(dump(c));
  });

  /*
   * The seeded world, pinned: what each table holds and a hash of every row,
   * for three worlds that take different paths through the seed (office hours
   * with events under way, a Sunday night, a second company after the first).
   * A change to the seed's output must change these on purpose; a change to
   * its shape (how the phases are written) must not change them at all.
   */
  it.each([
    {
      world: 'Wednesday afternoon, seed 1, 600 invitations',
      seed: (db: Database.Database) => seedDemo(db, { timeZone: 'UTC', now: NOW }),
      expected: { counts: PINNED_COUNTS_WEDNESDAY, sha256: PINNED_SHA256_WEDNESDAY },
    },
    {
      world: 'Sunday night, seed 7, 2,000 invitations',
      seed: (db: Database.Database) =>
        seedDemo(db, { timeZone: 'UTC', now: Date.UTC(2026, 2, 15, 3, 0), invitations: 2000, seed: 7 }),
      expected: { counts: PINNED_COUNTS_SUNDAY, sha256: PINNED_SHA256_SUNDAY },
    },
    {
      world: 'company 2 after company 1',
      seed: (db: Database.Database) => {
        seedDemo(db, { timeZone: 'UTC', now: NOW, invitations: 100 });
        seedDemo(db, { timeZone: 'UTC', now: NOW, companyId: 2, invitations: 50, seed: 5 });
      },
      expected: { counts: PINNED_COUNTS_TWO_COMPANIES, sha256: PINNED_SHA256_TWO_COMPANIES },
    },
  ])('seeds exactly the pinned world: $world', ({ seed, expected }) => {
    const db = demoDb();
    seed(db);
    expect({ counts: census(db), sha256: createHash('sha256').update(dump(db)).digest('hex') }).toEqual(expected);
  });
});
