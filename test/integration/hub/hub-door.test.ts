/**
 * The hub's door tried as an attacker on the office LAN would (issue 21):
 * raw HTTPS requests with the path exactly as written, from their own
 * loopback addresses. Each test sends the attack and asserts the refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { HUB_COOKIES, MAX_PENDING_PAIRINGS } from '../../../shared/contract/hub.ts';
import { OPERATION_NAMES } from '../../../shared/contract/operations.ts';
import { cleanup } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';
import {
  encodedOperationPaths,
  oddOperationPaths,
  rawRequest,
  type RawTarget,
  sessionCookieIn,
  setSession,
} from './raw-http.ts';
import { caughtUp, type DeviceClient, openSite, PINS, type Site } from './site.ts';

let site: Site;
const clock = { now: Date.now() };
/** The hub's own window: the trusted local door, no pairing. */
const local = createSession('hub-window', 'admin', 'admin', 'desktop');
let desk: DeviceClient;
let kiosk: DeviceClient;

beforeAll(async () => {
  site = await openSite({ now: () => clock.now });
  desk = site.device('127.0.0.2');
  kiosk = site.device('127.0.0.3');
  await desk.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'desk', name: 'Reception 2' }));
  await kiosk.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'kiosk', name: 'Lobby 1' }));
}, 60_000);

afterAll(async () => {
  await site?.close();
  await cleanup();
});

const from = (address: string): RawTarget => ({ port: site.port, ca: site.hub.tls.cert, localAddress: address });
const cookiesOf = (client: DeviceClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
const deviceNamed = async (name: string) =>
  (await site.core.call(local, 'hub.status', {})).devices.find((d) => d.name === name)!;

describe('one gate for every path', () => {
  it('an unpaired client reaches no operation, stream or session through a percent-encoded path', async () => {
    const stranger = from('127.0.0.20');
    const sessions = site.core.sessions.size;
    const paths = [
      ...OPERATION_NAMES.flatMap((name) => [`/%61pp/${name}`, `/ap%70/${name}`]),
      ...encodedOperationPaths('session.unlock'),
      ...encodedOperationPaths('kiosk.lookup'),
    ];
    for (const path of paths) {
      const answer = await rawRequest(stranger, 'POST', path, { body: JSON.stringify({ pin: PINS.admin }) });
      expect(answer.status, path).toBe(401);
      expect(answer.body.error.code, path).toBe('UNPAIRED');
      expect(setSession(answer), path).toBeUndefined();
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
    for (const path of ['/%61pp/events', '/ap%70/events', '/app/%65vents', '/%61pp/events?x=1']) {
      const answer = await rawRequest(stranger, 'GET', path, { readFor: 1_000 });
      expect(answer.status, path).toBe(401);
      expect(answer.headers['content-type'], path).not.toMatch(/event-stream/);
      expect(setSession(answer), path).toBeUndefined();
    }
    expect(site.core.sessions.size).toBe(sessions);
  });

  it('a doubled, upper-case, dotted or otherwise odd path reaches nothing either', async () => {
    const stranger = from('127.0.0.21');
    const sessions = site.core.sessions.size;
    for (const path of [...oddOperationPaths('session.unlock'), ...oddOperationPaths('kiosk.settings')]) {
      const answer = await rawRequest(stranger, 'POST', path, { body: JSON.stringify({ pin: PINS.admin }) });
      expect([401, 404], `${path}: ${answer.text}`).toContain(answer.status);
      expect(setSession(answer), path).toBeUndefined();
    }
    for (const path of oddOperationPaths('events')) {
      const answer = await rawRequest(stranger, 'GET', path, { readFor: 1_000 });
      expect(answer.headers['content-type'], path).not.toMatch(/event-stream/);
      expect(setSession(answer), path).toBeUndefined();
    }
    expect(site.core.sessions.size).toBe(sessions);
  });

  it("a kiosk device's encoded path keeps its ceiling and its 64 KB", async () => {
    const lobby = { ...from('127.0.0.3'), cookie: cookiesOf(kiosk) };
    const big = JSON.stringify({ text: 'Ann', padding: 'x'.repeat(100 * 1024) });
    for (const path of encodedOperationPaths('kiosk.lookup')) {
      const answer = await rawRequest(lobby, 'POST', path, { body: big, cookie: lobby.cookie });
      expect(answer.status, path).toBe(413);
    }
    const unlock = await rawRequest(lobby, 'POST', '/%61pp/session.unlock', {
      body: JSON.stringify({ pin: PINS.admin }),
      cookie: lobby.cookie,
    });
    expect(unlock.status).toBe(403);
    const small = await rawRequest(lobby, 'POST', '/%61pp/kiosk.settings', { body: '{}', cookie: lobby.cookie });
    expect(small.status).toBe(200);
    expect(small.headers['cache-control']).toBe('no-store');
  });

  it('a revoked device is refused through every spelling', async () => {
    const doomed = site.device('127.0.0.22');
    await doomed.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'desk', name: 'Doomed' }));
    const cookie = cookiesOf(doomed);
    site.hub.revoke((await deviceNamed('Doomed')).id);
    for (const path of [...encodedOperationPaths('session.unlock'), '/app/session.unlock']) {
      const answer = await rawRequest(from('127.0.0.22'), 'POST', path, {
        body: JSON.stringify({ pin: PINS.admin }),
        cookie,
      });
      expect(answer.status, path).toBe(401);
      expect(answer.body.error.message, path).toMatch(/revoked/);
    }
  });
});

describe('pairing that cannot be flooded', () => {
  it('after 51 requests from 17 addresses, and while they go on, a new tablet pairs', async () => {
    const flooders = Array.from({ length: 17 }, (_, i) => site.device(`127.0.1.${i + 1}`));
    const flood = async () => {
      for (const flooder of flooders)
        for (let i = 0; i < 3; i++) {
          flooder.cookies.delete(HUB_COOKIES.pairing); // a new browser each time
          expect((await flooder.send('POST', '/hub/pairing', { body: {} })).status).toBe(200);
        }
    };
    await flood();
    expect(site.hub.status().pendingPairings).toBe(MAX_PENDING_PAIRINGS);

    const tablet = site.device('127.0.2.1');
    const started = await tablet.send('POST', '/hub/pairing', { body: {} });
    expect(started.status).toBe(200);
    await flood();
    expect(site.logged.some((line) => /dropped the oldest of 127\.0\.1\.\d+/.test(line))).toBe(true);
    await site.core.call(local, 'hub.pair', { code: started.body.code, role: 'kiosk', name: 'New tablet' });

    // The approved code is the tablet's: its pairing cookie from another machine collects nothing.
    const thief = site.device('127.0.2.2');
    thief.cookies.set(HUB_COOKIES.pairing, tablet.cookies.get(HUB_COOKIES.pairing)!);
    expect((await thief.send('GET', '/hub/pairing')).body).toEqual({ state: 'none' });
    expect(thief.cookies.has(HUB_COOKIES.device)).toBe(false);
    const flooderPoll = await flooders[0]!.send('GET', '/hub/pairing');
    expect(flooderPoll.body.state).not.toBe('paired');

    expect((await tablet.send('GET', '/hub/pairing')).body).toEqual({
      state: 'paired',
      role: 'kiosk',
      name: 'New tablet',
    });
    expect((await tablet.call('session.get')).role).toBe('kiosk');
  }, 60_000);
});

describe('sessions and credentials', () => {
  it('an unlock gives the session a new id: the cookie from before it opens only a new kiosk session', async () => {
    await desk.call('session.get');
    const name = sessionCookieIn(desk.cookies);
    const before = desk.cookies.get(name)!;
    expect(await desk.call('session.unlock', { pin: PINS.desk })).toEqual({ role: 'desk' });
    const after = desk.cookies.get(name)!;
    expect(after).not.toBe(before);
    const planted = await rawRequest(from('127.0.0.2'), 'POST', '/app/hub.status', {
      body: '{}',
      cookie: `${HUB_COOKIES.device}=${desk.cookies.get(HUB_COOKIES.device)}; ${name}=${before}`,
    });
    expect(planted.status).toBe(403);
    expect(setSession(planted)).not.toBe(`${name}=${before}`);
    expect((await desk.call('hub.status')).enabled).toBe(true);
  });

  it('a credential used from two addresses is shown with both, and revoking it shuts both out', async () => {
    const copy = site.device('127.0.0.9');
    copy.cookies.set(HUB_COOKIES.device, kiosk.cookies.get(HUB_COOKIES.device)!);
    await kiosk.call('kiosk.settings');
    expect((await copy.call('kiosk.settings')).welcomeTitle).toBeDefined();
    const lobby = (await desk.call('hub.status')).devices.find((d: { name: string }) => d.name === 'Lobby 1');
    expect(lobby.addresses).toEqual(expect.arrayContaining(['127.0.0.3', '127.0.0.9']));
    expect(lobby.addresses).toHaveLength(2);
    await desk.call('hub.revoke', { id: lobby.id });
    for (const client of [kiosk, copy]) expect((await client.send('POST', '/app/kiosk.settings')).status).toBe(401);
    // The audit log names the paired device that revoked, and the hub's window that paired.
    const audit = await site.core.call(local, 'audit.list', {});
    expect(audit.entries[0]).toMatchObject({
      action: 'revoke',
      subject: 'Lobby 1',
      device: 'Reception 2',
      role: 'desk',
    });
    expect(audit.entries).toContainEqual(
      expect.objectContaining({ action: 'pair', subject: 'Lobby 1', device: 'desktop', role: 'admin' }),
    );
  });

  it("a kiosk device's stream hears no desk events, and the status without the outbox", async () => {
    const lobby = site.device('127.0.0.4');
    await lobby.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'kiosk', name: 'Lobby 2' }));
    const kioskStream = await lobby.events();
    const deskStream = await desk.events();
    await until(
      () => [kioskStream, deskStream].every((s) => s.events.some((e) => e.type === 'role')),
      'both streams to start',
    );
    const asked = Date.now();
    expect((await site.device('127.0.0.23').send('POST', '/hub/pairing', { body: {} })).status).toBe(200);
    await until(
      () => deskStream.events.some((e) => e.type === 'devices-changed' && e.at >= asked),
      'devices-changed at the desk',
    );
    await site.core.call(local, 'sync.now', {});
    await caughtUp(site.runtime, kioskStream);
    expect(kioskStream.events.map((e) => e.type)).not.toContain('devices-changed');
    const statuses = kioskStream.events.flatMap((e) => (e.type === 'sync-status' ? [e.status] : []));
    expect(statuses.length).toBeGreaterThan(0);
    // Asked for, the status is the same: nothing of the outbox or the pulls.
    for (const status of [...statuses, await lobby.call('sync.status')]) {
      expect(status.resources).toEqual({});
      expect(status.outbox).toEqual({ pending: 0, failed: 0, delivered: 0, conflicts: 0, delivering: false });
    }
  });

  it("the Devices view's reloads and strangers asking for codes do not keep a staff session unlocked", async () => {
    expect((await desk.call('session.unlock', { pin: PINS.desk })).role).toBe('desk');
    clock.now += 10 * 60_000;
    // An unpaired client asks for a code; every desk's Devices view reloads the devices (hub.status).
    const asked = Date.now();
    const deskStream = await desk.events();
    expect((await site.device('127.0.0.24').send('POST', '/hub/pairing', { body: {} })).status).toBe(200);
    await until(() => deskStream.events.some((e) => e.type === 'devices-changed' && e.at >= asked), 'devices-changed');
    expect((await desk.call('hub.status')).enabled).toBe(true);
    clock.now += 6 * 60_000;
    expect((await desk.send('POST', '/app/hub.status', { body: {} })).status).toBe(403);
    expect((await desk.call('session.get')).role).toBe('kiosk');
  });
});
