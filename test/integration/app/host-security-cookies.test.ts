/**
 * The browser host's session cookie and the sessions it keeps (issue 31, G5
 * and G7), over real HTTP on 127.0.0.1, each test making the red team's
 * attack first:
 * - G5: browsers send a host's cookies to all its ports, so a session cookie
 *   named the same on every port was taken by another port's host as its own;
 * - G7: every request without a cookie opened a session and only 1,000 were
 *   kept: 1,100 plain `GET /` from one address pushed out the lobby kiosk's.
 * Requests are sent from loopback addresses of their own (127.0.0.x), which
 * the host sees as different clients.
 */
import { describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { SESSION_DEFAULTS } from '../../../electron/core/access/session.ts';
import { sessionCookieName } from '../../../electron/core/web/browser-sessions.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import {
  clockedHost,
  cookieOf,
  core,
  extraHosts,
  RENDERER,
  freshCookie,
  host,
  send,
  setUpSecureHost,
  unlocked,
} from './host-security-fixture.ts';

setUpSecureHost();

const idOf = (cookie: string) => cookie.split('=')[1]!;

describe('G5: the session cookie is named after its host port', () => {
  it('a page gets foyer_session_<port>, and no session until it calls', async () => {
    const before = core.sessions.size;
    const page = await send('GET', '/');
    expect(String(page.headers['set-cookie'])).toMatch(
      new RegExp(`^${sessionCookieName(host.port, false)}=[\\w.-]{40,}; Path=/; HttpOnly; SameSite=Strict$`),
    );
    expect(core.sessions.size).toBe(before);
    // Its first calls, sent side by side, land in the one session its cookie names.
    const cookie = cookieOf(page);
    const answers = await Promise.all(
      ['session.get', 'kiosk.settings', 'sync.status'].map((op) => send('POST', `/app/${op}`, { cookie })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.headers['set-cookie'])).toEqual([undefined, undefined, undefined]);
    expect(core.sessions.get(idOf(cookie))).toBeDefined();
    expect(core.sessions.size).toBe(before + 1);
  });

  it("a staff cookie of one port is not a session at another port's host, under its name or the old one", async () => {
    const other = await clockedHost();
    // The same core behind two ports: before, the browser's one foyer_session opened the desk at both.
    const served = await startOnCore(other.core);
    const admin = await unlocked('2468', await freshCookie(served), served);
    expect((await send('POST', '/app/outbox.list', { cookie: admin, port: served })).status).toBe(200);
    const carried = `${admin}; foyer_session=${idOf(admin)}`;
    const elsewhere = await send('POST', '/app/outbox.list', { cookie: carried, port: other.port });
    expect(elsewhere.status).toBe(403);
    expect(cookieOf(elsewhere)).toMatch(new RegExp(`^${sessionCookieName(other.port, false)}=`));
  });

  it('a cookie the host did not give (a made-up id) opens a session of its own id', async () => {
    const name = sessionCookieName(host.port, false);
    const answer = await send('POST', '/app/session.get', { cookie: `${name}=${'A'.repeat(32)}.${'B'.repeat(22)}` });
    expect(answer.status).toBe(200);
    expect(idOf(cookieOf(answer))).not.toBe(`${'A'.repeat(32)}.${'B'.repeat(22)}`);
  });
});

/** Another host on a core: its port. */
async function startOnCore(own: AppCore): Promise<number> {
  const served = await startBrowserHost({ core: own, rendererDir: RENDERER, port: 0, pinsSet: true });
  extraHosts.push(served);
  return served.port;
}

describe('G7: anonymous requests cannot push out a kiosk or a staff session', () => {
  it("1,100 plain GET / from one address keep no session, and the lobby kiosk's stays", async () => {
    const lobby = cookieOf(await send('POST', '/app/session.get', { from: '127.0.0.20' }));
    await send('POST', '/app/kiosk.settings', { cookie: lobby, from: '127.0.0.20' });
    const before = core.sessions.size;
    for (let i = 0; i < 1_100; i += 50)
      await Promise.all(Array.from({ length: 50 }, () => send('GET', '/', { from: '127.0.0.21' })));
    expect(core.sessions.size).toBe(before);
    expect(core.sessions.get(idOf(lobby))).toBeDefined();
  });

  it('calls without a cookie keep at most a few sessions per address; a staff session of that address stays', async () => {
    const { core: own, port } = await clockedHost();
    const staff = await unlocked('2468', await freshCookie(port), port);
    const lobby = cookieOf(await send('POST', '/app/session.get', { from: '127.0.0.30', port }));
    await send('POST', '/app/kiosk.settings', { cookie: lobby, from: '127.0.0.30', port });
    for (let i = 0; i < 1_100; i += 50)
      await Promise.all(Array.from({ length: 50 }, () => send('POST', '/app/session.get', { port })));
    expect(own.sessions.size).toBeLessThanOrEqual(SESSION_DEFAULTS.maxPerClient + 2);
    expect((await send('POST', '/app/outbox.list', { cookie: staff, port })).status).toBe(200);
    expect(own.sessions.get(idOf(lobby))).toBeDefined();
  });

  it('from many addresses, the one-call sessions go first: a kiosk that came back and an unlocked one stay', async () => {
    const { core: own, port, clock } = await clockedHost({ maxSessions: 60, maxPerClient: 10 });
    const lobby = cookieOf(await send('POST', '/app/session.get', { from: '127.0.0.40', port }));
    await send('POST', '/app/kiosk.settings', { cookie: lobby, from: '127.0.0.40', port });
    const staff = await unlocked('2468', await freshCookie(port), port);
    for (let address = 50; address < 70; address++) {
      clock.now += 1_000; // every flood session is seen after the lobby kiosk last was
      await Promise.all(
        Array.from({ length: 10 }, () => send('POST', '/app/session.get', { from: `127.0.0.${address}`, port })),
      );
    }
    expect(own.sessions.size).toBeLessThanOrEqual(60);
    expect(own.sessions.get(idOf(lobby))).toBeDefined();
    expect((await send('POST', '/app/outbox.list', { cookie: staff, port })).status).toBe(200);
  });
});
