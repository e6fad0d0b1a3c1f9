/**
 * The browser host tried the way an attacker would: over real HTTP on
 * 127.0.0.1, with a real core on the reference service. Each test first
 * reproduces the attack of issue 9, then shows what the host does instead.
 * Here: DNS rebinding, sessions, closing the host. PINs and error answers:
 * host-security-pins.test.ts.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { createAppCore } from '../../../electron/core/app/core.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import {
  RENDERER,
  store,
  runtime,
  host,
  extraCores,
  clockedHost,
  send,
  freshCookie,
  unlocked,
  expectErrorAnswer,
  setUpSecureHost,
} from './host-security-fixture.ts';

setUpSecureHost();

describe('DNS rebinding: the Host header', () => {
  it('a request for another name reaches no operation, file or stream', async () => {
    const evil = { host: `evil.example:${host.port}` };
    const unlock = await send('POST', '/app/session.unlock', { body: { pin: '2468' }, headers: evil });
    expectErrorAnswer(unlock, 421);
    expect(unlock.headers['set-cookie']).toBeUndefined();
    expectErrorAnswer(await send('POST', '/app/guests.evacuationList', { headers: evil }), 421);
    expectErrorAnswer(await send('GET', '/', { headers: evil }), 421);
    expectErrorAnswer(await send('GET', '/app/events', { headers: evil }), 421);
    // a port that is not this host's is another site as well
    expectErrorAnswer(await send('GET', '/', { headers: { host: '127.0.0.1:1' } }), 421);
    expectErrorAnswer(await send('GET', '/', { headers: { host: 'localhost.evil.example' } }), 421);
  });

  it('answers to its loopback names with its port, and to names configured while it runs', async () => {
    for (const name of ['localhost', '127.0.0.1', '[::1]', 'LOCALHOST'])
      expect((await send('GET', '/', { headers: { host: `${name}:${host.port}` } })).status, name).toBe(200);
    const lan = { host: `reception.example.lan:${host.port}` };
    expect((await send('GET', '/', { headers: lan })).status).toBe(421);
    store.update((config) => ({ ...config, allowedHosts: ['reception.example.lan'] }));
    expect((await send('GET', '/', { headers: lan })).status).toBe(200);
    store.update((config) => ({ ...config, allowedHosts: [] }));
    expect((await send('GET', '/', { headers: lan })).status).toBe(421);
  });

  it('the Origin check stays: a same-host request from another origin is refused', async () => {
    const cookie = await freshCookie();
    const answer = await send('POST', '/app/sync.status', { cookie, headers: { origin: 'http://evil.example' } });
    expectErrorAnswer(answer, 403);
  });
});

describe('sessions', () => {
  it('a staff session locks after the idle time; its stream hears the new role; the time is configurable', async () => {
    const { core: own, port, clock } = await clockedHost();
    let cookie = await unlocked('2468', await freshCookie(port), port);
    const stream = await request(`http://127.0.0.1:${port}/app/events`, { headers: { cookie } });
    const reader = stream.body[Symbol.asyncIterator]();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) text += String((await reader.next()).value);
    };
    await readUntil(/"role":"admin"/);

    // Passive reloads (the list refreshing by itself) do not keep it open; an action does.
    clock.now += 10 * 60_000;
    await send('POST', '/app/sync.now', { cookie, port, body: {} }); // a person pressed "Sync now"
    clock.now += 10 * 60_000;
    const day = { from: '2026-11-24T00:00:00.000Z', to: '2026-11-25T00:00:00.000Z' };
    await send('POST', '/app/guests.list', { cookie, port, body: day });
    await send('POST', '/app/guests.changes', { cookie, port, body: { ...day, since: 0 } });
    expect((await send('POST', '/app/outbox.list', { cookie, port })).status).toBe(200);
    clock.now += 15 * 60_000;
    own.sessions.sweep();
    await readUntil(/"type":"role","role":"kiosk"/);
    expect((await send('POST', '/app/outbox.list', { cookie, port })).status).toBe(403);
    stream.body.destroy();

    store.update((config) => ({ ...config, staffIdleMinutes: 2 }));
    try {
      cookie = await unlocked('2468', cookie, port);
      clock.now += 2 * 60_000 + 1;
      // enforced at the call itself, not only by the sweep
      expect((await send('POST', '/app/outbox.list', { cookie, port })).status).toBe(403);
      expect((await send('POST', '/app/session.get', { cookie, port })).body.role).toBe('kiosk');
    } finally {
      store.update((config) => ({ ...config, staffIdleMinutes: 15 }));
    }
  });

  it('an event stream opened without a cookie gets its session cookie, like a page', async () => {
    const stream = await request(`http://127.0.0.1:${host.port}/app/events`);
    expect(String(stream.headers['set-cookie'])).toMatch(
      new RegExp(`^foyer_session_${host.port}=[\\w.-]{20,}; Path=/; HttpOnly; SameSite=Strict$`),
    );
    expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
    stream.body.destroy();
  });

  it('a desk window of the desktop app locks back to the desk, and its event stream hears it', async () => {
    const { core: own, clock } = await clockedHost();
    const window = own.sessions.open('desk', 'admin', 'desktop', { evictable: false });
    const other = own.sessions.open('desk', 'admin', 'desktop', { evictable: false });
    const heard: unknown[] = [];
    const overheard: unknown[] = [];
    own.subscribe((event) => heard.push(event), window);
    own.subscribe((event) => overheard.push(event), other);
    expect(await own.call(window, 'session.unlock', { pin: '2468' })).toEqual({ role: 'admin' });
    clock.now += 15 * 60_000;
    own.sessions.sweep();
    expect(window.role).toBe('desk');
    expect(heard).toContainEqual({ type: 'role', role: 'desk' });
    expect(overheard).not.toContainEqual(expect.objectContaining({ type: 'role' })); // only its own session's
    own.sessions.close(window.id);
    own.sessions.close(other.id);
  });

  it('the session map is bounded: cookie-less requests evict the oldest kiosk sessions, never a staff one first', async () => {
    const { core: own, port, clock } = await clockedHost({ maxSessions: 10, kioskIdleMs: 60 * 60_000 });
    const staff = await unlocked('2468', await freshCookie(port), port);
    for (let i = 0; i < 50; i++) {
      clock.now += 1;
      await send('GET', '/', { port });
    }
    expect(own.sessions.size).toBeLessThanOrEqual(10);
    expect((await send('POST', '/app/outbox.list', { cookie: staff, port })).status).toBe(200);
    // Kiosk sessions unseen for the kiosk idle time are dropped.
    clock.now += 61 * 60_000;
    own.sessions.sweep();
    expect(own.sessions.size).toBe(0); // the staff one too: locked back to kiosk when idle, then unseen too long
  });
});

describe('closing the host', () => {
  it('ends the open event streams, so that close() returns while a browser still listens', async () => {
    const own = createAppCore(runtime);
    extraCores.push(own);
    const served = await startBrowserHost({ core: own, rendererDir: RENDERER, port: 0, pinsSet: true });
    const stream = await request(`http://127.0.0.1:${served.port}/app/events`);
    expect(stream.statusCode).toBe(200);
    const ended = new Promise<void>((resolve) => stream.body.on('end', resolve).on('error', () => resolve()));
    stream.body.resume();
    const outcome = await Promise.race([
      served.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3_000)),
    ]);
    expect(outcome).toBe('closed');
    await ended;
  });
});
