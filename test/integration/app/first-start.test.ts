/**
 * The first admin PIN, set without a terminal (usecases/first-pin.ts): at the
 * machine itself only (the desktop's desk window, a browser over loopback
 * with a loopback Host), only while no admin PIN is set, once whatever the
 * race; and the PIN works after. Over the real browser host and the core.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { AppError } from '../../../electron/core/errors.ts';
import { verifyPin } from '../../../electron/core/access/pins.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import { type ConfigStore, createConfigStore } from '../../../electron/core/config/config.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { hashPin } from '../../../electron/core/access/pins.ts';
import { openApp } from '../../support/app.ts';
import { startTestService, type TestService } from '../../support/service.ts';

const RENDERER = mkdtempSync(join(tmpdir(), 'foyer-renderer-'));
writeFileSync(join(RENDERER, 'index.html'), '<!doctype html><title>Foyer</title>');
const LAN_NAME = 'reception.example.lan';

let svc: TestService;
let runtime: Runtime;
let core: AppCore;
let store: ConfigStore;
let host: Awaited<ReturnType<typeof startBrowserHost>>;

beforeAll(async () => {
  svc = await startTestService();
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-first-start-'));
  ({ runtime, core } = await openApp(dataDir, { service: svc, config: { allowedHosts: [LAN_NAME] } }));
  store = createConfigStore(dataDir);
  host = await startBrowserHost({
    core,
    rendererDir: RENDERER,
    host: '127.0.0.1',
    port: 0,
    pinsSet: false,
    allowedHosts: () => store.current().allowedHosts,
  });
}, 30_000);

afterAll(async () => {
  await host?.close();
  await runtime?.close();
  await svc?.close();
});

// Every test starts on a machine with no PIN at all.
beforeEach(() => {
  store.update((config) => ({ ...config, pins: {} }));
});

const cookieOf = (headers: Record<string, string | string[] | undefined>) =>
  String(headers['set-cookie']).split(';')[0]!;

async function post(name: string, body: unknown, cookie: string, headers: Record<string, string> = {}) {
  const response = await request(`${host.url}app/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A browser's first visit over loopback, with a Host header of its own when given. */
async function visit(hostHeader?: string): Promise<string> {
  const page = await request(host.url, hostHeader ? { headers: { host: hostHeader } } : {});
  await page.body.text();
  return cookieOf(page.headers);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the first admin PIN', () => {
  it('a browser at the machine is asked for it, sets it, is admin at once, and the PIN unlocks after', async () => {
    const cookie = await visit();
    expect((await post('session.get', {}, cookie)).body).toMatchObject({ role: 'kiosk', firstStart: true });

    const short = await post('session.setFirstAdminPin', { pin: '12' }, cookie);
    expect(short.status).toBe(400);
    expect(short.body.error.details).toEqual([{ path: 'pin', message: 'a PIN is 4 to 12 digits' }]);
    expect(store.current().pins.admin).toBeUndefined();

    const set = await post('session.setFirstAdminPin', { pin: '864201' }, cookie);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ role: 'admin' });
    // A new session id, as after an unlock: the cookie from before opens nothing more.
    const admin = cookieOf(set.headers);
    expect(admin).not.toBe(cookie);
    expect((await post('settings.get', {}, admin)).body.pins).toEqual({ desk: false, admin: true });
    expect((await post('session.get', {}, admin)).body).toMatchObject({ role: 'admin', firstStart: false });
    expect(await verifyPin('864201', store.current().pins.admin)).toBe(true);

    const again = await post('session.setFirstAdminPin', { pin: '135790' }, await visit());
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/an admin PIN is already set/);
    expect(await verifyPin('864201', store.current().pins.admin)).toBe(true);

    const later = await visit();
    expect((await post('session.get', {}, later)).body).toMatchObject({ role: 'kiosk', firstStart: false });
    expect((await post('session.unlock', { pin: '864201' }, later)).body).toEqual({ role: 'admin' });

    const { entries } = (await post('audit.list', { action: 'settings' }, admin)).body;
    expect(entries[0]).toMatchObject({ subject: 'first admin PIN', role: 'admin', device: 'browser 127.0.0.1' });
  });

  it('is refused to a request that is not at the machine: another Host (a proxy, a LAN name), or a cookie carried there', async () => {
    const lan = await visit(`${LAN_NAME}:${host.port}`);
    expect((await post('session.get', {}, lan, { host: `${LAN_NAME}:${host.port}` })).body.firstStart).toBe(false);
    const refused = await post('session.setFirstAdminPin', { pin: '864201' }, lan, {
      host: `${LAN_NAME}:${host.port}`,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/at the machine Foyer runs on/);

    // A session opened at the machine, its cookie sent under another name: refused for this request.
    const local = await visit();
    const carried = await post('session.setFirstAdminPin', { pin: '864201' }, local, {
      host: `${LAN_NAME}:${host.port}`,
    });
    expect(carried.status).toBe(403);
    // The loopback name on another port is a proxy's, not this host's.
    const proxied = await post('session.setFirstAdminPin', { pin: '864201' }, local, { host: 'localhost:443' });
    expect(proxied.status).toBe(421);
    expect(store.current().pins).toEqual({});
  });

  it('is refused by the core to a session that is not at the machine: a LAN browser, a hub device, a kiosk window', async () => {
    const doors = [
      createSession('lan', 'kiosk', 'admin', 'ip:192.0.2.7'),
      createSession('device', 'kiosk', 'admin', 'device:4'),
      createSession('kiosk-window', 'kiosk', 'kiosk', 'desktop', Date.now(), true),
    ];
    for (const door of doors) {
      expect((await core.call(door, 'session.get', {})).firstStart).toBe(false);
      const error = await refusal(core.call(door, 'session.setFirstAdminPin', { pin: '864201' }));
      expect(error.code).toBe('REFUSED');
      expect(door.role).toBe('kiosk');
    }
    expect(store.current().pins).toEqual({});
  });

  it('the desktop desk window sets it; it must differ from the desk PIN', async () => {
    store.update((config) => ({ ...config, pins: { desk: hashPin('1357') } }));
    const window = createSession('desk-window', 'desk', 'admin', 'desktop', Date.now(), true);
    expect((await core.call(window, 'session.get', {})).firstStart).toBe(true);
    const same = await refusal(core.call(window, 'session.setFirstAdminPin', { pin: '1357' }));
    expect(same.details).toEqual([{ path: 'pin', message: 'the admin PIN must differ from the desk PIN' }]);
    expect(await core.call(window, 'session.setFirstAdminPin', { pin: '2468' })).toEqual({ role: 'admin' });
    expect(await verifyPin('2468', store.current().pins.admin)).toBe(true);
  });

  it('with a desk PIN set, a browser at the machine (maybe the lobby screen) unlocks the desk first', async () => {
    store.update((config) => ({ ...config, pins: { desk: hashPin('1357') } }));
    const cookie = await visit();
    expect((await post('session.get', {}, cookie)).body.firstStart).toBe(false);
    const refused = await post('session.setFirstAdminPin', { pin: '2468' }, cookie);
    expect(refused.body.error.message).toMatch(/unlock the desk with it first/);
    const desk = cookieOf((await post('session.unlock', { pin: '1357' }, cookie)).headers);
    expect((await post('session.get', {}, desk)).body).toMatchObject({ role: 'desk', firstStart: true });
    expect((await post('session.setFirstAdminPin', { pin: '2468' }, desk)).body).toEqual({ role: 'admin' });
  });

  it('two first PINs at once leave exactly one, and only its caller is admin', async () => {
    const [a, b] = [await visit(), await visit()];
    const answers = await Promise.all([
      post('session.setFirstAdminPin', { pin: '111111' }, a),
      post('session.setFirstAdminPin', { pin: '222222' }, b),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.status === 200);
    const stored = store.current().pins.admin;
    expect(await verifyPin(winner === 0 ? '111111' : '222222', stored)).toBe(true);
    expect(await verifyPin(winner === 0 ? '222222' : '111111', stored)).toBe(false);
    expect(answers[1 - winner]!.body.error.message).toMatch(/an admin PIN is already set/);
  });
});
