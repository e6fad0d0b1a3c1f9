/**
 * The site hub over real HTTPS on loopback: a hub (the browser host in hub
 * mode on the reference service, through a link the test can cut) and
 * devices at 127.0.0.2, 127.0.0.3, 127.0.0.4, each its own client with its
 * own cookies, trusting exactly the hub's certificate.
 */
import { connect } from 'node:tls';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { OPERATION_NAMES } from '../../../shared/contract/operations.ts';
import { PairingStarted, PairingState } from '../../../shared/contract/hub.ts';
import { cleanup, seedGuests, serviceState } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';
import { type DeviceClient, openSite, PINS, type Site } from './site.ts';
import { sessionCookieIn } from './raw-http.ts';

let site: Site;
/** The hub's own window: the trusted local door, no pairing. */
const local = createSession('hub-window', 'admin', 'admin', 'desktop');
let desk: DeviceClient;
let kiosk: DeviceClient;
let otherKiosk: DeviceClient;

beforeAll(async () => {
  site = await openSite();
  desk = site.device('127.0.0.2');
  kiosk = site.device('127.0.0.3');
  otherKiosk = site.device('127.0.0.4');
}, 60_000);

afterAll(async () => {
  await site?.close();
  await cleanup();
});

/** A kiosk acts on a guest it found: the ticket its own lookup handed out with them (issue 21). */
async function ticketAt(device: DeviceClient, guest: { id: number; lastName: string }): Promise<{ ticket: string }> {
  const found = (await device.call('kiosk.lookup', { text: guest.lastName })) as {
    invitationId: number;
    ticket: string;
  }[];
  return { ticket: found.find((g) => g.invitationId === guest.id)!.ticket };
}

const pairAt = (by: DeviceClient) => async (code: string, role: 'kiosk' | 'desk', name: string) =>
  by.call('hub.pair', { code, role, name });

describe('TLS', () => {
  it('serves HTTPS with its own certificate: a client that does not trust it gets nothing', async () => {
    expect(site.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(request(site.url)).rejects.toThrow(/self[- ]signed|certificate/i);
    const presented = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: site.port, ca: site.hub.tls.cert }, () => {
        resolve(socket.getPeerX509Certificate()!.fingerprint256);
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(presented).toBe(site.hub.tls.fingerprint);
    expect((await site.core.call(local, 'hub.status', {})).fingerprint).toBe(site.hub.tls.fingerprint);
  });
});

describe('an unpaired device', () => {
  it('gets the renderer files but no session, and every operation and the stream answer 401 UNPAIRED', async () => {
    const stranger = site.device('127.0.0.5');
    const page = await stranger.send('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    for (const name of [...OPERATION_NAMES, 'no.such.operation']) {
      const answer = await stranger.send('POST', `/app/${name}`, { body: {} });
      expect(answer.status, name).toBe(401);
      expect(answer.body, name).toEqual({
        error: { code: 'UNPAIRED', message: 'this device is not paired: ask staff at the reception desk to pair it' },
      });
      expect(answer.headers['set-cookie'], name).toBeUndefined();
    }
    const stream = await stranger.send('GET', '/app/events');
    expect(stream.status).toBe(401);
    expect(stream.body.error.code).toBe('UNPAIRED');
    // A made-up credential is no better.
    stranger.cookies.set('foyer_device', 'A'.repeat(43));
    expect((await stranger.send('POST', '/app/kiosk.settings')).status).toBe(401);
  });
});

describe('pairing', () => {
  it('a device shows a code, staff type it, and the device holds a credential with its role', async () => {
    const started = await desk.send('POST', '/hub/pairing', { body: {} });
    expect(started.status).toBe(200);
    expect(PairingStarted.parse(started.body).code).toMatch(/^\d{6}$/);
    const pairingCookie = String(started.headers['set-cookie']);
    expect(pairingCookie).toMatch(/^foyer_pairing=/);
    expect(pairingCookie).toMatch(/HttpOnly/);
    expect(pairingCookie).toMatch(/Secure/);
    expect(pairingCookie).toMatch(/SameSite=Strict/);
    // The hub's fingerprint, for the screen to show as its security code: the certificate TLS just presented.
    expect(started.body.fingerprint).toBe(site.hub.tls.fingerprint);
    expect(PairingState.parse((await desk.send('GET', '/hub/pairing')).body)).toEqual({
      state: 'pending',
      code: started.body.code,
      expiresAt: started.body.expiresAt,
      fingerprint: site.hub.tls.fingerprint,
    });
    expect((await site.core.call(local, 'hub.status', {})).pendingPairings).toBeGreaterThanOrEqual(1);

    // The first desk is paired at the hub's own window (or with "foyer devices pair").
    await site.core.call(local, 'hub.pair', { code: started.body.code, role: 'desk', name: 'Reception 2' });
    const paired = await desk.send('GET', '/hub/pairing');
    expect(paired.body).toEqual({ state: 'paired', role: 'desk', name: 'Reception 2' });
    const cookies = [paired.headers['set-cookie']].flat().join('\n');
    expect(cookies).toMatch(
      /foyer_device=[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/; HttpOnly; Secure; SameSite=Strict/,
    );
    expect(desk.cookies.has('foyer_pairing')).toBe(false);
    expect((await desk.send('GET', '/hub/pairing')).body).toEqual({ state: 'none' });

    // A desk device starts as a kiosk and unlocks with the desk PIN; its session cookie is Secure too.
    expect(await desk.call('session.get')).toMatchObject({ role: 'kiosk' });
    expect(sessionCookieIn(desk.cookies)).toMatch(/^__Host-foyer_session_\d+$/);
    expect(await desk.call('session.unlock', { pin: PINS.desk })).toEqual({ role: 'desk' });

    // The desk pairs the kiosks by typing their codes.
    expect((await kiosk.pair((code) => pairAt(desk)(code, 'kiosk', 'Lobby 1'))).body).toMatchObject({
      state: 'paired',
      role: 'kiosk',
    });
    expect((await otherKiosk.pair((code) => pairAt(desk)(code, 'kiosk', 'Lobby 2'))).body).toMatchObject({
      state: 'paired',
      name: 'Lobby 2',
    });
    const status = await desk.call('hub.status');
    expect(status.devices.map((d: { name: string; role: string }) => [d.name, d.role])).toEqual([
      ['Lobby 1', 'kiosk'],
      ['Lobby 2', 'kiosk'],
      ['Reception 2', 'desk'],
    ]);
    expect(status.devices.find((d: { name: string }) => d.name === 'Lobby 1').lastAddress).toBe('127.0.0.3');
  });

  it('a kiosk device is a kiosk for good: no PIN unlocks it', async () => {
    expect(await kiosk.call('session.get')).toMatchObject({ role: 'kiosk' });
    const unlock = await kiosk.send('POST', '/app/session.unlock', { body: { pin: PINS.admin } });
    expect(unlock.status).toBe(403);
    expect((await kiosk.send('POST', '/app/guests.evacuationList', { body: {} })).status).toBe(403);
  });

  it("a session cookie carried to another device is not that device's session", async () => {
    const name = sessionCookieIn(desk.cookies);
    const deskSession = desk.cookies.get(name)!;
    const saved = kiosk.cookies.get(name)!;
    kiosk.cookies.set(name, deskSession);
    expect(await kiosk.call('session.get')).toMatchObject({ role: 'kiosk' });
    expect((await kiosk.send('POST', '/app/guests.evacuationList', { body: {} })).status).toBe(403);
    kiosk.cookies.set(name, saved);
  });

  it('wrong codes are limited like PIN guesses', async () => {
    const typist = site.device('127.0.0.6');
    await typist.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'desk', name: 'Guesser' }));
    expect(await typist.call('session.unlock', { pin: PINS.desk })).toEqual({ role: 'desk' });
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await typist.send('POST', '/app/hub.pair', {
        body: { code: String(100000 + i), role: 'kiosk', name: 'Nope' },
      });
      answers.push(answer.status);
      if (answer.status === 409) expect(answer.body.error.message).toMatch(/wrong pairing codes|wait|try again/i);
    }
    // A few typing mistakes are answered "no device shows it"; then the typist must wait.
    expect(answers.slice(0, 3)).toEqual([404, 404, 404]);
    expect(answers.slice(4)).toEqual([409, 409]);
  });
});

describe('revocation', () => {
  it('ends the device at once: its stream closes and every later call is refused', async () => {
    const doomed = site.device('127.0.0.7');
    const paired = await doomed.pair((code) => pairAt(desk)(code, 'kiosk', 'Doomed'));
    const id = (await desk.call('hub.status')).devices.find((d: { name: string }) => d.name === 'Doomed').id;
    expect(paired.body.state).toBe('paired');
    const stream = await doomed.events();
    expect(stream.status).toBe(200);
    await until(() => stream.events.some((e) => e.type === 'role'), 'the stream to start');
    await until(
      () => site.hub.status().devices.find((d) => d.id === id)?.connected === true,
      'the device to show as connected',
    );
    const revokedAt = Date.now();
    expect((await desk.call('hub.revoke', { id })).revokedAt).not.toBeNull();
    await stream.ended;
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    const refused = await doomed.send('POST', '/app/kiosk.settings');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({
      code: 'UNPAIRED',
      message: 'this device was revoked: ask staff at the reception desk to pair it again',
    });
    expect((await doomed.send('GET', '/app/events')).status).toBe(401);
    expect(site.hub.status().devices.find((d) => d.id === id)).toMatchObject({ connected: false });
  });
});

describe('the host names', () => {
  it("answers to the hub's LAN names and refuses others with 421", async () => {
    const port = site.port;
    const kiosk = site.device('127.0.0.3', { anyName: true });
    for (const name of ['foyer-hub-test', 'foyer-hub-test.local', '192.0.2.10', 'localhost', '127.0.0.1'])
      expect((await kiosk.send('GET', '/', { headers: { host: `${name}:${port}` } })).status, name).toBe(200);
    expect((await kiosk.send('GET', '/', { headers: { host: `evil.example:${port}` } })).status).toBe(421);
    expect(
      (await kiosk.send('POST', '/app/kiosk.settings', { headers: { host: `evil.example:${port}` } })).status,
    ).toBe(421);
    // Port 443 is left out by browsers: not this hub's port, so not this hub.
    expect((await kiosk.send('GET', '/', { headers: { host: 'foyer-hub-test' } })).status).toBe(421);
  });
});

describe('one site, one list', () => {
  const nothingToSend = () => {
    const counts = site.runtime.outbox.counts();
    return counts.pending + counts.sending === 0;
  };
  it('a check-in at one kiosk reaches the desk and the other kiosk at once', async () => {
    const { guests } = await seedGuests(site.service, 2);
    await site.core.call(local, 'sync.now', {});
    await until(() => site.runtime.mirror.guests.byId(guests[1]!.id) !== undefined, 'the guests in the mirror');
    const deskStream = await desk.events();
    const kioskStream = await otherKiosk.events();
    await until(
      () => [deskStream, kioskStream].every((s) => s.events.some((e) => e.type === 'role')),
      'both streams to start',
    );
    // Not carried by the engine's next status: the call itself tells every stream (the engine may be busy or
    // waiting out a backoff).
    await site.runtime.engine.stop();
    const tapped = Date.now();
    await kiosk.call('kiosk.checkIn', await ticketAt(kiosk, guests[0]!));
    for (const stream of [deskStream, kioskStream])
      await until(() => stream.events.some((e) => e.type === 'guests-changed' && e.at >= tapped), 'guests-changed');
    for (const stream of [deskStream, kioskStream]) {
      const seen = stream.events.find((e) => e.type === 'guests-changed' && e.at >= tapped)!;
      expect(seen.at - tapped).toBeLessThan(1_000);
    }
    site.runtime.engine.start();
    const onsite = await desk.call('guests.evacuationList');
    expect(JSON.stringify(onsite)).toContain(guests[0]!.lastName);
    // The kiosk's day counts it, and the desk hears that the devices changed (throttled to one event a second).
    await until(
      () => deskStream.events.some((e) => e.type === 'devices-changed' && e.at >= tapped),
      'devices-changed at the desk',
    );
    const lobby = site.hub.status().devices.find((d) => d.name === 'Lobby 1')!;
    expect(lobby.today.checkIns).toBe(1);
    expect(site.hub.status().devices.find((d) => d.name === 'Lobby 2')!.connected).toBe(true);
  });

  it('two kiosks checking the same guest in at the same moment check them in once', async () => {
    const { guests } = await seedGuests(site.service, 1);
    await site.core.call(local, 'sync.now', {});
    await until(() => site.runtime.mirror.guests.byId(guests[0]!.id) !== undefined, 'the guest in the mirror');
    const id = guests[0]!.id;
    const tickets = [await ticketAt(kiosk, guests[0]!), await ticketAt(otherKiosk, guests[0]!)];
    const answers = await Promise.all([
      kiosk.send('POST', '/app/kiosk.checkIn', { body: tickets[0] }),
      otherKiosk.send('POST', '/app/kiosk.checkIn', { body: tickets[1] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await until(() => site.relay.delivered.some((d) => d.id === id), 'the check-in to reach the service', {
      timeout: 20_000,
    });
    // Nothing is left to send: a second delivery could only come from a row still open.
    await until(nothingToSend, 'the outbox to have nothing left to send');
    expect(site.relay.delivered.filter((d) => d.id === id)).toHaveLength(1);
    expect(serviceState(site.service.db, id)).toBe('CHECKED_IN');
  });

  it('with the service unreachable all morning, every check-in from every device counts once, and reaches it once when back', async () => {
    const { guests } = await seedGuests(site.service, 9);
    await site.core.call(local, 'sync.now', {});
    await until(() => guests.every((g) => site.runtime.mirror.guests.byId(g.id)), 'the guests in the mirror');
    site.relay.cut();
    const devices = [kiosk, otherKiosk];
    for (const [i, guest] of guests.entries()) {
      if (i % 3 === 2) await desk.call('guests.transition', { invitationId: guest.id, action: 'checkIn' });
      else await devices[i % 3]!.call('kiosk.checkIn', await ticketAt(devices[i % 3]!, guest));
    }
    // Again, from the other kiosk: already in, refused, nothing queued twice.
    for (const guest of guests.slice(0, 3))
      expect(
        (await otherKiosk.send('POST', '/app/kiosk.checkIn', { body: await ticketAt(otherKiosk, guest) })).status,
      ).toBe(409);
    const list = JSON.stringify(await desk.call('guests.evacuationList'));
    for (const guest of guests) expect(list).toContain(guest.lastName);
    await site.core.call(local, 'sync.now', {}).catch(() => {});
    expect(site.relay.delivered.filter((d) => guests.some((g) => g.id === d.id))).toHaveLength(0);

    site.relay.restore();
    await site.core.call(local, 'sync.now', {});
    await until(
      () => guests.every((g) => site.relay.delivered.some((d) => d.id === g.id)),
      'every check-in to reach the service',
      { timeout: 30_000 },
    );
    // Nothing is left to send: a second delivery could only come from a row still open.
    await until(nothingToSend, 'the outbox to have nothing left to send');
    for (const guest of guests) {
      expect(
        site.relay.delivered.filter((d) => d.id === guest.id),
        `guest ${guest.id}`,
      ).toHaveLength(1);
      expect(serviceState(site.service.db, guest.id)).toBe('CHECKED_IN');
    }
  }, 60_000);
});
