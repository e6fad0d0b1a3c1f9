/**
 * A demo that always has something to try (service/demo/now-events.ts):
 * whatever the hour, the day or the time zone, every location has a party
 * under way (guests on site, one still to come), guests arriving within the
 * hour, and the visits of now speak several languages, one in a script other
 * than Latin. Seeded at fixed moments in their zones, never at the hour the
 * test runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HOUR, iso } from '../../shared/time.ts';
import { seedDemo } from '../../service/demo/seed.ts';
import { demoDatabases } from '../support/demo-db.ts';

const { demoDb, cleanup } = demoDatabases();
afterEach(cleanup);

/** The local weekday and time of a moment in a zone, to be sure each moment is the one its name says. */
const localMoment = (now: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(now);

const MOMENTS = [
  { name: 'Sunday 03:40 in Auckland', timeZone: 'Pacific/Auckland', now: Date.UTC(2026, 2, 14, 14, 40) },
  { name: 'Tuesday 10:30 in Berlin', timeZone: 'Europe/Berlin', now: Date.UTC(2026, 2, 10, 9, 30) },
  { name: 'Saturday 23:50 in New York', timeZone: 'America/New_York', now: Date.UTC(2026, 2, 15, 3, 50) },
  { name: 'Friday 18:45 in UTC', timeZone: 'UTC', now: Date.UTC(2026, 2, 13, 18, 45) },
  { name: 'Monday 00:05 in Tokyo', timeZone: 'Asia/Tokyo', now: Date.UTC(2026, 2, 15, 15, 5) },
];

describe('the demo at any hour', () => {
  it.each(MOMENTS)('has a party under way, guests arriving and several scripts: $name', ({ name, timeZone, now }) => {
    const [weekday, time] = name.split(' ');
    expect(localMoment(now, timeZone)).toBe(`${weekday} ${time}`);
    const db = demoDb(now);
    expect(seedDemo(db, { now, timeZone }).invitations).toBe(600);
    const at = iso(now);
    const perLocation = (where: string, ...params: unknown[]) =>
      db
        .prepare(
          `SELECT DISTINCT e.location_id FROM events e JOIN invitations i ON i.event_id = e.id
           JOIN check_ins k ON k.id = i.id WHERE e.draft = 0 AND i.listed = 1 AND ${where} ORDER BY 1`,
        )
        .pluck()
        .all(...params);
    const locations = [10, 11, 12, 13];
    // A visit under way with a party: at least three guests, some on site, one still to come.
    expect(
      perLocation(
        `e.starts_at <= @at AND e.ends_at > @at AND e.id IN (
           SELECT event_id FROM invitations i2 JOIN check_ins k2 ON k2.id = i2.id WHERE i2.listed = 1
           GROUP BY event_id HAVING count(*) >= 3 AND sum(k2.state = 'CHECKED_IN') >= 1 AND sum(k2.state = 'EXPECTED') >= 1)`,
        { at },
      ),
    ).toEqual(locations);
    // Guests arriving now: a visit that starts within the hour, its guests expected.
    expect(
      perLocation("e.starts_at > @at AND e.starts_at <= @soon AND k.state = 'EXPECTED'", {
        at,
        soon: iso(now + HOUR),
      }),
    ).toEqual(locations);
    // The visits of now speak several languages, one of them in another script than Latin.
    const languages = db
      .prepare(
        `SELECT DISTINCT c.language FROM events e JOIN invitations i ON i.event_id = e.id
         JOIN contacts c ON c.id = i.contact_id
         WHERE e.draft = 0 AND i.listed = 1 AND e.starts_at <= @soon AND e.ends_at > @at`,
      )
      .pluck()
      .all({ at, soon: iso(now + HOUR) }) as string[];
    expect(languages.length).toBeGreaterThanOrEqual(3);
    expect(languages.some((language) => language === 'RU' || language === 'ZH_CN')).toBe(true);
  });
});
