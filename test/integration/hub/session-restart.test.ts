/**
 * A desk device's unlocked session outlives a restart of the hub (issue 30):
 * over real HTTPS, the hub is stopped and opened again on its data directory
 * and port, as after a crash of its process. Within its idle time the desk's
 * cookie opens its session again, unlocked, with no new PIN; the rules of
 * sessions still hold: an id from before the unlock, a cookie copied to
 * another device, a lock, the idle time and a revocation all open nothing
 * after the restart.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { sessionCookieName } from '../../../electron/core/web/browser-sessions.ts';
import { MINUTE } from '../../../shared/time.ts';
import { cleanup } from '../outbox/helpers.ts';
import { type DeviceClient, openSite, PINS, type Site } from './site.ts';

let site: Site;
/** One clock for the core and the hub, moved by the tests: the idle time is never waited for. */
const clock = { now: Date.now() };
const local = createSession('hub-window', 'admin', 'admin', 'desktop');
let marshal: DeviceClient;
let reception: DeviceClient;
let kiosk: DeviceClient;

/** The session cookie: named after the hub's port (set once the site is open). */
let SESSION = '';
const roleOf = async (device: DeviceClient) => ((await device.call('session.get')) as { role: string }).role;
/** The registry's kept sessions, read from its file as "foyer devices" would in another process. */
function keptSessions(): { deviceId: number; role: string }[] {
  const db = new Database(join(site.dataDir, 'hub.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT device_id AS deviceId, role FROM device_sessions ORDER BY device_id').all() as {
      deviceId: number;
      role: string;
    }[];
  } finally {
    db.close();
  }
}
const idOf = (name: string) => site.hub.status().devices.find((d) => d.name === name)!.id;

async function pairDesk(device: DeviceClient, name: string) {
  await device.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'desk', name }));
}

beforeAll(async () => {
  site = await openSite({ now: () => clock.now, hubNow: () => clock.now });
  SESSION = sessionCookieName(site.port, true);
  marshal = site.device('127.0.0.2');
  reception = site.device('127.0.0.3');
  kiosk = site.device('127.0.0.4');
  await pairDesk(marshal, 'Marshal phone');
  await pairDesk(reception, 'Reception');
  await kiosk.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'kiosk', name: 'Lobby kiosk' }));
}, 60_000);

afterAll(async () => {
  await site?.close();
  await cleanup();
});

describe("a desk device's session across a restart of the hub", () => {
  it('comes back unlocked under the same cookie, and its stream says desk', async () => {
    await marshal.call('session.get');
    const beforeUnlock = marshal.cookies.get(SESSION)!;
    await marshal.call('session.unlock', { pin: PINS.desk });
    const unlocked = marshal.cookies.get(SESSION)!;
    expect(unlocked).not.toBe(beforeUnlock);
    await marshal.call('evacuation.start');

    await site.restart();

    const answer = await marshal.send('POST', '/app/session.get', { body: {} });
    expect(answer.body.role).toBe('desk');
    // The same id: no new cookie, nothing for a page to race.
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(marshal.cookies.get(SESSION)).toBe(unlocked);
    expect((await marshal.call('evacuation.get')).endedAt).toBeNull();
    const stream = await marshal.events();
    await expect.poll(() => stream.events.find((e) => e.type === 'role')).toMatchObject({ role: 'desk' });
    stream.close();

    // The id from before the unlock opens nothing: a kiosk session, as any unknown id.
    const stale = site.device('127.0.0.2');
    stale.cookies.set(SESSION, beforeUnlock);
    for (const [name, value] of marshal.cookies) if (name !== SESSION) stale.cookies.set(name, value);
    expect(await roleOf(stale)).toBe('kiosk');
  });

  it('is its own device’s only: the cookie copied to another desk device opens a kiosk session there', async () => {
    await site.restart();
    const copied = site.device('127.0.0.3');
    for (const [name, value] of reception.cookies) copied.cookies.set(name, value);
    copied.cookies.set(SESSION, marshal.cookies.get(SESSION)!);
    expect(await roleOf(copied)).toBe('kiosk');
    // ...and the marshal's own stays unlocked.
    expect(await roleOf(marshal)).toBe('desk');
  });

  it('a session locked before the restart stays locked', async () => {
    await reception.call('session.unlock', { pin: PINS.desk });
    expect(await roleOf(reception)).toBe('desk');
    await reception.call('session.lock');
    await site.restart();
    expect(await roleOf(reception)).toBe('kiosk');
  });

  it('locks after its idle time, counted from the last action before the restart', async () => {
    await reception.call('session.unlock', { pin: PINS.desk });
    const idle = site.store.current().staffIdleMinutes * MINUTE;
    clock.now += idle - MINUTE;
    await site.restart();
    // A minute left: still unlocked; a staff action moves its time on.
    expect(await roleOf(reception)).toBe('desk');
    clock.now += 2 * MINUTE;
    await site.restart();
    expect(await roleOf(reception)).toBe('kiosk');
  });

  it('a staff action after the restart moves the idle time on, and is kept for the next restart', async () => {
    await reception.call('session.unlock', { pin: PINS.desk });
    const idle = site.store.current().staffIdleMinutes * MINUTE;
    await site.restart();
    clock.now += idle - MINUTE;
    // Not a screen's own reload: a person's action.
    await reception.call('evacuation.start');
    await site.restart();
    clock.now += 2 * MINUTE;
    expect(await roleOf(reception)).toBe('desk');
  });

  it('a kiosk device keeps nothing, and revoking a device deletes its kept sessions', async () => {
    await kiosk.call('session.get');
    // Idle since the first test (the clock moved on): unlocked again.
    await marshal.call('session.unlock', { pin: PINS.desk });
    expect(keptSessions().map((row) => row.deviceId)).not.toContain(idOf('Lobby kiosk'));
    expect(keptSessions()).toContainEqual({ deviceId: idOf('Marshal phone'), role: 'desk' });
    expect(await roleOf(marshal)).toBe('desk');
    site.hub.revoke(idOf('Marshal phone'));
    expect(keptSessions().map((row) => row.deviceId)).not.toContain(idOf('Marshal phone'));
    await site.restart();
    const answer = await marshal.send('POST', '/app/session.get', { body: {} });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('UNPAIRED');
  });
});
