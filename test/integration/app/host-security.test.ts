/**
 * The browser host tried the way an attacker would: over real HTTP on
 * 127.0.0.1, with a real core on the reference service. Each test first
 * reproduces the attack of issue 9, then shows what the host does instead.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../electron/core/app/core.ts';
import { hashPin } from '../../../electron/core/app/pins.ts';
import { createConfigStore, type ConfigStore } from '../../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';
import { openRuntime, type Runtime } from '../../../electron/core/runtime.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';

const FOYER = fileURLToPath(new URL('../../../bin/foyer.mjs', import.meta.url));
const RENDERER = mkdtempSync(join(tmpdir(), 'foyer-renderer-'));
writeFileSync(join(RENDERER, 'index.html'), '<!doctype html><title>Foyer</title>');

let svc: TestService;
let dataDir: string;
let store: ConfigStore;
let runtime: Runtime;
let core: AppCore;
let host: Awaited<ReturnType<typeof startBrowserHost>>;
const logged: string[] = [];

beforeAll(async () => {
  svc = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-host-security-'));
  store = createConfigStore(dataDir);
  store.write({
    ...store.read(),
    baseUrl: svc.baseUrl,
    pins: { admin: hashPin('2468'), desk: hashPin('1357') },
  });
  createFileTokenStore(dataDir).set(TEST_TOKEN);
  runtime = await openRuntime({ dataDir });
  core = createAppCore(runtime);
  host = await startBrowserHost({
    core,
    rendererDir: RENDERER,
    host: '127.0.0.1',
    port: 0,
    pinsSet: true,
    allowedHosts: () => runtime.config.allowedHosts,
    log: (line) => logged.push(line),
  });
}, 30_000);

afterAll(async () => {
  await host?.close();
  await runtime?.close();
  await svc?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

async function send(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await request(`http://127.0.0.1:${host.port}${path}`, {
    method,
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
  });
  const text = await response.body.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the test looks at the text
  }
  return { status: response.statusCode, headers: response.headers, body, text };
}

const cookieOf = (answer: Answer) => String(answer.headers['set-cookie']).split(';')[0]!;

async function freshCookie(): Promise<string> {
  return cookieOf(await send('GET', '/'));
}

async function unlockWith(pin: string, cookie?: string) {
  return send('POST', '/app/session.unlock', { body: { pin }, ...(cookie ? { cookie } : {}) });
}

/** The one error shape of the app contract, with the security headers, and nothing of the server's insides. */
function expectErrorAnswer(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.text).not.toMatch(/\/(tmp|work|home)\/|at \S+ \(|SQLITE|stack/i);
  expect(answer.text.length).toBeLessThan(600);
}

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

describe('PIN changes: the configuration has one source of truth', () => {
  it('a PIN set with "foyer config set" while the host runs unlocks at once; the old one does not', async () => {
    expect((await unlockWith('2468', await freshCookie())).body).toEqual({ role: 'admin' });
    const cli = spawnSync(process.execPath, [FOYER, 'config', 'set', 'adminPin', '97531', '--data-dir', dataDir], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect((await unlockWith('97531', await freshCookie())).body).toEqual({ role: 'admin' });
    const old = await unlockWith('2468', await freshCookie());
    expect(old.status).toBe(409);
    expect(old.body.error.message).toMatch(/wrong PIN/);

    // A kiosk-settings save changes the kiosk settings and nothing else: the new PIN's hash stays.
    const hash = store.read().pins.admin;
    const admin = await freshCookie();
    expect((await unlockWith('97531', admin)).body).toEqual({ role: 'admin' });
    const saved = await send('POST', '/app/settings.setKiosk', { cookie: admin, body: { welcomeTitle: 'Hello' } });
    expect(saved.body).toMatchObject({ welcomeTitle: 'Hello' });
    expect(store.read().pins.admin).toBe(hash);
    expect(store.read().kiosk.welcomeTitle).toBe('Hello');
    expect((await unlockWith('97531', await freshCookie())).body).toEqual({ role: 'admin' });
  }, 40_000);
});
