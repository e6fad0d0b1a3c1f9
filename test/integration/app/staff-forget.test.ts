/**
 * Named staff, a visitor's data on request and "forget a visitor", through
 * the app core (core.call) against the reference service over HTTP: two
 * receptionists with PINs of their own check guests in and the audit log
 * names each; a person removed unlocks nothing and their open session locks
 * at once (its stream hears the role); an export holds everything about a
 * guest; the erasure leaves no byte of the name or email in any file of the
 * data directory and the audit log keeps its entries with a pseudonym.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { DAY } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { cleanup, seedGuests, startServiceOn, tempDir } from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let dataDir: string;
let clock = Date.now();
const admin = createSession('staff-admin', 'admin', 'admin', 'desktop');
let ids: number[];
const NAME = 'Jürgen Müller';
let email: string;

/** Every file under the data directory, read whole, as `grep -ra` would. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesHolding(path, text));
    else if (readFileSync(path).includes(needle)) found.push(path);
  }
  return found;
}

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-staff-svc-'));
  const people = [
    { firstName: 'Jürgen', lastName: 'Müller', companyName: 'Kranich Logistik' },
    { firstName: 'Sara', lastName: 'Lombardi' },
    { firstName: 'Ben', lastName: 'Ito' },
  ];
  const seeded = await seedGuests(service, people.length, { eventName: 'Staff test', endsIn: DAY, people });
  ids = seeded.guests.map((g) => g.id);
  dataDir = tempDir('foyer-staff-data-');
  ({ runtime, core } = await openApp(dataDir, {
    service,
    now: () => clock,
    config: { locationId: 10, companyId: 1 },
    pins: { admin: '9999', desk: '1111' },
  }));
  await core.call(admin, 'sync.now', { full: true });
  email = runtime.mirror.guests.byId(ids[0]!)!.email!;
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

const browser = (address: string) => core.sessions.open('kiosk', 'admin', `ip:${address}`);

describe('named staff', () => {
  it('adds people with PINs of their own, hashed, unique on the site', async () => {
    const anna = await core.call(admin, 'staff.add', { name: 'Anna Weber', role: 'desk', pin: '24680' });
    expect(anna).toMatchObject({ name: 'Anna Weber', role: 'desk', hasPin: true, hasCard: false });
    await core.call(admin, 'staff.add', { name: 'Tom Berg', role: 'desk', pin: '13579', cardCode: 'CARD-000042' });
    const row = runtime.mirror.staff.byId(anna.id)!;
    expect(row.pinHash).toMatch(/^scrypt:/);
    expect(JSON.stringify(runtime.mirror.db.prepare('SELECT * FROM staff').all())).not.toContain('24680');
    // Another person's PIN, a shared PIN, a name twice: refused at their field.
    await expect(core.call(admin, 'staff.add', { name: 'Eve', role: 'desk', pin: '24680' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ path: 'pin' }],
    });
    await expect(core.call(admin, 'staff.add', { name: 'Eve', role: 'admin', pin: '1111' })).rejects.toMatchObject({
      details: [{ path: 'pin' }],
    });
    await expect(
      core.call(admin, 'staff.add', { name: 'anna weber', role: 'desk', pin: '55555' }),
    ).rejects.toMatchObject({ details: [{ path: 'name' }] });
    await expect(core.call(admin, 'staff.add', { name: 'Eve', role: 'desk' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    // The shared desk PIN cannot become a person's own.
    await expect(core.call(admin, 'settings.setPin', { role: 'desk', pin: '13579' })).rejects.toMatchObject({
      details: [{ path: 'pin' }],
    });
    expect((await core.call(admin, 'staff.list', {})).staff.map((p) => p.name)).toEqual(['Anna Weber', 'Tom Berg']);
  });

  it('two receptionists check guests in with their own PINs, and the audit log names each', async () => {
    const one = browser('192.0.2.10');
    const two = browser('192.0.2.11');
    expect(await core.call(one, 'session.unlock', { pin: '24680' })).toEqual({ role: 'desk', person: 'Anna Weber' });
    expect(await core.call(two, 'session.unlock', { pin: 'CARD-000042' })).toEqual({
      role: 'desk',
      person: 'Tom Berg',
    });
    expect((await core.call(one, 'session.get', {})).person).toBe('Anna Weber');
    await core.call(one, 'guests.transition', { invitationId: ids[1]!, action: 'checkIn' });
    await core.call(two, 'guests.transition', { invitationId: ids[2]!, action: 'checkIn' });
    const { entries } = await core.call(admin, 'audit.list', { action: 'check-in' });
    expect(entries.slice(0, 2).map((e) => e.who)).toEqual([
      'Tom Berg, desk, browser 192.0.2.11',
      'Anna Weber, desk, browser 192.0.2.10',
    ]);
    // A shared PIN still unlocks, naming nobody.
    const three = browser('192.0.2.12');
    expect(await core.call(three, 'session.unlock', { pin: '1111' })).toEqual({ role: 'desk' });
    const csv = (await core.call(admin, 'audit.exportCsv', {})).csv;
    expect(csv).toContain('Person');
    expect(csv).toContain('Anna Weber');
  });

  it('a wrong PIN for a named person counts against that person, from any screen', async () => {
    const tom = runtime.mirror.staff.active().find((p) => p.name === 'Tom Berg')!;
    // The default limits: 10 wrong PINs lock a key for 15 minutes; from ten addresses, one each, the person's key fills.
    for (let i = 0; i < 10; i++)
      await expect(
        core.call(browser(`198.51.100.${i}`), 'session.unlock', { pin: '00000', staffId: tom.id }),
      ).rejects.toMatchObject({ code: 'REFUSED' });
    await expect(
      core.call(browser('198.51.100.99'), 'session.unlock', { pin: '13579', staffId: tom.id }),
    ).rejects.toMatchObject({ code: 'REFUSED', message: expect.stringMatching(/try again/) });
  });

  it('a person removed unlocks nothing, and their open session locks at once, heard on its stream', async () => {
    const anna = runtime.mirror.staff.active().find((p) => p.name === 'Anna Weber')!;
    const screen = browser('192.0.2.20');
    await core.call(screen, 'session.unlock', { pin: '24680' });
    const heard: AppEvent[] = [];
    const stop = core.subscribe((event) => heard.push(event), screen);
    const removed = await core.call(admin, 'staff.remove', { id: anna.id });
    stop();
    expect(removed).toMatchObject({ name: 'Anna Weber', sessionsEnded: 2 });
    expect(screen.role).toBe('kiosk');
    expect(heard).toContainEqual({ type: 'role', role: 'kiosk' });
    await expect(core.call(browser('192.0.2.21'), 'session.unlock', { pin: '24680' })).rejects.toMatchObject({
      code: 'REFUSED',
    });
    // The audit log keeps her name on what she did.
    const { entries } = await core.call(admin, 'audit.list', {});
    expect(entries.find((e) => e.action === 'staff-remove')).toMatchObject({ subject: 'Anna Weber' });
    expect(entries.some((e) => e.person === 'Anna Weber' && e.action === 'check-in')).toBe(true);
  });

  it('a removal written by another process locks the session at its next call', async () => {
    const tom = runtime.mirror.staff.active().find((p) => p.name === 'Tom Berg')!;
    const screen = browser('192.0.2.30');
    const desk = browser('192.0.2.31');
    await core.call(desk, 'session.unlock', { pin: '1111' });
    await core.call(screen, 'session.unlock', { pin: 'CARD-000042', staffId: undefined }).catch(() => undefined);
    // The mirror changed under the core (as "foyer staff remove" in another process writes it).
    runtime.mirror.staff.remove(tom.id, new Date(clock).toISOString());
    await expect(core.call(screen, 'guests.list', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(desk.role).toBe('desk');
  });
});

describe('a visitor forgotten on request', () => {
  it('finds the person by their name as typed in another spelling, and by email', async () => {
    const byName = (await core.call(admin, 'forget.find', { text: 'Juergen Mueller' })).people;
    expect(byName).toHaveLength(1);
    expect(byName[0]).toMatchObject({ name: NAME, email, companies: ['Kranich Logistik'] });
    const byEmail = (await core.call(admin, 'forget.find', { text: email.toUpperCase() })).people;
    expect(byEmail[0]?.invitationIds).toEqual(byName[0]?.invitationIds);
  });

  it('exports everything held about them, then erases every byte of the name and email from the data directory', async () => {
    const desk = browser('192.0.2.40');
    await core.call(desk, 'session.unlock', { pin: '1111' });
    await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkIn' });
    await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkOut' });
    // An export of the visitor log kept in the data directory, as a person may keep one.
    writeFileSync(join(dataDir, 'visitors.csv'), `name,email\n${NAME},${email}\n`);
    const [person] = (await core.call(admin, 'forget.find', { text: NAME })).people;
    const selection = {
      invitationIds: person!.invitationIds,
      checkInIds: person!.checkInIds,
      walkInIds: person!.walkInIds,
    };

    const json = await core.call(admin, 'forget.export', { person: selection, format: 'json' });
    const held = JSON.parse(Buffer.from(json.base64, 'base64').toString('utf8')) as {
      held: Record<string, unknown[]>;
    };
    expect(Object.keys(held.held)).toEqual(
      expect.arrayContaining(['invitations and check-ins', 'outbox', 'audit log']),
    );
    expect(JSON.stringify(held)).toContain(email);
    expect(JSON.stringify(held.held['audit log'])).toContain(NAME);
    const pdf = await core.call(admin, 'forget.export', { person: selection, format: 'pdf' });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(filesHolding(dataDir, NAME).length).toBeGreaterThan(0);

    // Their check-in and check-out still wait for the service: the erasure asks first, and erases nothing.
    const asked = await core.call(admin, 'forget.erase', { person: selection });
    expect(asked).toMatchObject({ done: false, pseudonym: null });
    expect(asked.queued.length).toBeGreaterThan(0);
    expect(filesHolding(dataDir, email).length).toBeGreaterThan(0);
    clock += 60_000; // past the check-out's undo time, which holds it back
    await runtime.engine.deliver();
    await core.call(admin, 'sync.now', {});
    const auditBefore = (await core.call(admin, 'audit.list', {})).entries.length;
    const result = await core.call(admin, 'forget.erase', { person: selection });
    expect(result).toMatchObject({ done: true, stillFound: [], rewrittenFiles: ['visitors.csv'] });
    expect(result.service?.invitationIds).toContain(ids[0]);
    for (const text of [NAME, email, 'Müller', 'Jürgen', email.toLowerCase()])
      expect({ text, files: filesHolding(dataDir, text) }).toEqual({ text, files: [] });
    // The audit log keeps every entry (and one more, the erasure), with the pseudonym in place of the name.
    const after = (await core.call(admin, 'audit.list', {})).entries;
    expect(after.length).toBe(auditBefore + 1);
    expect(after.filter((e) => e.subject?.includes(result.pseudonym!)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['check-in', 'check-out', 'visitor-export', 'visitor-forget']),
    );
    expect((await core.call(admin, 'forget.find', { text: NAME })).people).toEqual([]);
    // The service still lists them: a full pull does not bring them back.
    await core.call(admin, 'sync.now', { full: true });
    expect(runtime.mirror.guests.byId(ids[0]!)).toBeUndefined();
    expect(filesHolding(dataDir, NAME)).toEqual([]);
  });
});
