/**
 * A large site's data folder for the benchmarks of big reads (issue 31),
 * written straight into the mirror (a sync of this size would take minutes
 * and measure the sync): past visits over the last weeks, guests on site
 * now, and an audit log. The service it names cannot be reached: nothing is
 * pulled over what is written here.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPin } from '../../electron/core/access/pins.ts';
import { createConfigStore } from '../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../electron/core/config/token-store.ts';
import { openRuntime } from '../../electron/core/runtime.ts';
import { DAY, HOUR, iso, MINUTE } from '../../shared/time.ts';

export const DESK_PIN = '1357';
export const LOCATION = 10;

export interface BigSite {
  dataDir: string;
  /** The first and last day of the past visits (YYYY-MM-DD, UTC days), for the visitor log. */
  firstDay: string;
  lastDay: string;
}

const FIRST = ['Anna', 'Jörg', 'Ayşe', 'Li', 'Sophie', 'Ben', 'Maria', 'Dmitri', 'Chloé', 'Ahmed'];
const LAST = ['Schmidt', 'Müller', 'Kılıç', 'Wang', 'Turner', 'Ito', 'Popescu', 'Solovyov', 'Dubois', 'Haddad'];
const ACTIONS = ['check-in', 'check-out', 'undo', 'pin-reveal', 'walk-in-add', 'roll-call-tick', 'settings', 'unlock'];
const DEVICES = ['desktop', 'Lobby kiosk', 'Reception 2', 'Marshal tablet', 'browser 192.0.2.7', 'automatic'];

/**
 * `pastVisits` visits of the last 20 days (checked out), `onSite` guests
 * checked in and still there (a visit of three days; one in 40 arrived
 * today), `auditRows` entries of the audit log.
 */
export async function seedBigSite(counts: { pastVisits: number; onSite: number; auditRows: number }): Promise<BigSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-big-'));
  const store = createConfigStore(dataDir);
  store.write({
    ...store.read(),
    baseUrl: 'http://127.0.0.1:9/api/v2',
    locationId: LOCATION,
    companyId: 1,
    pins: { desk: hashPin(DESK_PIN) },
    kiosk: { ...store.read().kiosk, timeZone: 'Europe/Berlin' },
  });
  createFileTokenStore(dataDir).set('bench-token');
  const runtime = await openRuntime({ dataDir });
  const { db } = runtime.mirror;
  const now = Date.now();
  const start = now - 20 * DAY;
  const stamp = iso(start);
  db.transaction(() => {
    const employee = db.prepare(
      'INSERT INTO employees (id, email, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (let h = 1; h <= 200; h++) employee.run(h, `host${h}@example.test`, `Host${h}`, 'Person', stamp, stamp);
    const event =
      db.prepare(`INSERT INTO events (id, name, starts_at, ends_at, location_id, host_id, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    for (let d = 0; d <= 20; d++)
      event.run(
        d + 1,
        `Visit day ${d}`,
        iso(start + d * DAY),
        iso(start + d * DAY + DAY),
        LOCATION,
        (d % 200) + 1,
        stamp,
        stamp,
      );
    const contact = db.prepare(
      'INSERT INTO contacts (id, email, first_name, last_name, company_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const invitation =
      db.prepare(`INSERT INTO invitations (id, event_id, contact_id, location_id, starts_at, ends_at, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    const checkIn =
      db.prepare(`INSERT INTO check_ins (id, location_id, state, first_name, last_name, company_name, arrived_at, left_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    const device = db.prepare(
      `INSERT INTO check_in_facts (check_in_id, action, at, event_name, door, device) VALUES (?, 'checkIn', ?, 'CHECK_IN', 'kiosk', ?)`,
    );
    const total = counts.pastVisits + counts.onSite;
    for (let i = 1; i <= total; i++) {
      const past = i <= counts.pastVisits;
      // Past visits spread over the 20 days before today, in office hours.
      const day = past ? Math.floor(((i - 1) / counts.pastVisits) * 20) : 20;
      // Of those on site, one in 40 arrived today (the arrivals feed's day), the others over the two days before.
      const onSiteSince = i % 40 === 0 ? (i * 7919) % (5 * HOUR) : 6 * HOUR + ((i * 7919) % (42 * HOUR));
      const arrived = past ? start + day * DAY + 7 * HOUR + ((i * 7919) % (10 * HOUR)) : now - onSiteSince - MINUTE;
      const first = FIRST[i % FIRST.length]!;
      const last = `${LAST[(i >> 3) % LAST.length]!}${i}`;
      const company = `Company ${i % 997}`;
      contact.run(i, `guest${i}@example.test`, first, last, company, stamp, stamp);
      const eventId = day + 1;
      const from = past ? start + day * DAY : now - 2 * DAY;
      invitation.run(i, eventId, i, LOCATION, iso(from), iso(from + (past ? DAY : 3 * DAY)), stamp, stamp);
      const left = past ? iso(arrived + 3 * HOUR) : null;
      checkIn.run(i, LOCATION, past ? 'CHECKED_OUT' : 'CHECKED_IN', first, last, company, iso(arrived), left);
      if (i % 10 === 0) device.run(i, iso(arrived), DEVICES[i % DEVICES.length]!);
    }
    const audit = db.prepare(
      'INSERT INTO audit_log (at, action, role, device, subject, detail) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (let a = 0; a < counts.auditRows; a++)
      audit.run(
        iso(start + Math.floor((a / counts.auditRows) * 20 * DAY)),
        ACTIONS[a % ACTIONS.length]!,
        a % 13 === 0 ? 'admin' : 'desk',
        DEVICES[a % DEVICES.length]!,
        `Guest ${a} (invitation ${a + 1})`,
        null,
      );
  })();
  db.exec('ANALYZE');
  await runtime.close();
  const day = (t: number) => iso(t).slice(0, 10);
  return { dataDir, firstDay: day(start - DAY), lastDay: day(now + DAY) };
}
