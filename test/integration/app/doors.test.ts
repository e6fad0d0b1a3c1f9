/**
 * The app contract through its doors: the role table over IPC (the real
 * main-process wiring, Electron mocked) and over HTTP (the browser host),
 * input validation of every operation, and the token never leaving the core.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLES, type Role } from '../../../shared/contract/op.ts';
import { allowed, OPERATION_NAMES, type OperationName, operations } from '../../../shared/contract/operations.ts';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { AppError } from '../../../electron/core/errors.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { isLoopback } from '../../../electron/core/web/at-machine.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { openApp } from '../../support/app.ts';
import { countedTimers } from '../../support/timers.ts';
import { until } from '../../support/until.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';

const RENDERER = mkdtempSync(join(tmpdir(), 'foyer-renderer-'));
await import('node:fs').then(({ writeFileSync }) =>
  writeFileSync(join(RENDERER, 'index.html'), '<!doctype html><title>Foyer</title>'),
);

let svc: TestService;
let runtime: Runtime;
let core: AppCore;
let host: Awaited<ReturnType<typeof startBrowserHost>>;
const events: unknown[] = [];
const timers = countedTimers();

beforeAll(async () => {
  svc = await startTestService();
  ({ runtime, core } = await openApp(mkdtempSync(join(tmpdir(), 'foyer-doors-')), {
    service: svc,
    config: { locationId: 10, companyId: 1 },
    pins: { admin: '2468', desk: '1357' },
    timers,
  }));
  core.subscribe((event) => events.push(event));
  host = await startBrowserHost({ core, rendererDir: RENDERER, host: '127.0.0.1', port: 0, pinsSet: true });
}, 30_000);

afterAll(async () => {
  await host?.close();
  await runtime?.close();
  await svc?.close();
});

async function post(name: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  const response = await request(`${host.url}app/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body: text ? JSON.parse(text) : null, text };
}

async function browserSession(pin?: string): Promise<string> {
  const first = await request(host.url);
  await first.body.text();
  const cookie = String(first.headers['set-cookie']).split(';')[0]!;
  if (!pin) return cookie;
  const unlocked = await post('session.unlock', { pin }, cookie);
  expect(unlocked.body).toEqual({ role: pin === '2468' ? 'admin' : 'desk' });
  // Every unlock gives the session a new id: the cookie to go on with.
  return String(unlocked.headers['set-cookie']).split(';')[0]!;
}

describe('the role table', () => {
  const forbiddenFor = (role: Role) => OPERATION_NAMES.filter((name) => !allowed(role, name));

  it('every desk and admin operation is refused to a kiosk session in the core', async () => {
    const kiosk = createSession('k', 'kiosk', 'kiosk');
    expect(forbiddenFor('kiosk').length).toBeGreaterThan(15);
    for (const name of forbiddenFor('kiosk'))
      await expect(core.call(kiosk, name, {}), name).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('every admin operation is refused to a desk session', async () => {
    const desk = createSession('d', 'desk', 'admin');
    for (const name of forbiddenFor('desk'))
      await expect(core.call(desk, name, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('over HTTP, a kiosk session gets 403 for every desk and admin operation', async () => {
    const cookie = await browserSession();
    for (const name of forbiddenFor('kiosk')) {
      const answer = await post(name, {}, cookie);
      expect(answer.status, name).toBe(403);
      expect(answer.body.error.code).toBe('FORBIDDEN');
    }
    // and a request without any cookie is a kiosk too
    expect((await post('outbox.list', {})).status).toBe(403);
  });

  // Repeated wrong PINs, with and without a cookie: host-security.test.ts (they would lock this file's address out).
  it('over HTTP, a wrong PIN does not unlock', async () => {
    const cookie = await browserSession();
    const wrong = await post('session.unlock', { pin: '0000' }, cookie);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toMatch(/wrong PIN/);
    expect((await post('outbox.list', {}, cookie)).status).toBe(403);
  });

  it('over HTTP, the admin PIN unlocks admin operations and lock goes back to kiosk', async () => {
    const cookie = await browserSession('2468');
    expect((await post('outbox.list', {}, cookie)).status).toBe(200);
    expect((await post('session.lock', {}, cookie)).body).toEqual({ role: 'kiosk' });
    expect((await post('outbox.list', {}, cookie)).status).toBe(403);
  });

  it('a kiosk window cannot be unlocked, whatever PIN it knows', async () => {
    const kioskWindow = createSession('w', 'kiosk', 'kiosk');
    await expect(core.call(kioskWindow, 'session.unlock', { pin: '2468' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(kioskWindow.role).toBe('kiosk');
  });

  it('every role in the table is a known role, every operation has one', () => {
    for (const name of OPERATION_NAMES) {
      expect(operations[name].roles.length).toBeGreaterThan(0);
      for (const role of operations[name].roles) expect(ROLES).toContain(role);
    }
  });
});

describe('input validation', () => {
  it('every operation refuses malformed input with a typed error', async () => {
    const admin = createSession('a', 'admin', 'admin');
    for (const name of OPERATION_NAMES) {
      for (const input of [{ bogus: true }, 'text', [1, 2]]) {
        const error = await core.call(admin, name as OperationName, input).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${name} ${JSON.stringify(input)}`).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('INVALID_INPUT');
      }
    }
  });

  it('over HTTP: unknown operation 404, non-JSON 400, cross-origin 403', async () => {
    const cookie = await browserSession('2468');
    expect((await post('no.such', {}, cookie)).status).toBe(404);
    const plain = await request(`${host.url}app/sync.status`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(plain.statusCode).toBe(400);
    await plain.body.text();
    expect((await post('sync.status', {}, cookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('kiosk.lookup', { text: 5 }, cookie)).body.error).toMatchObject({
      code: 'INVALID_INPUT',
      details: [expect.objectContaining({ path: 'text' })],
    });
  });
});

describe('the token', () => {
  it('appears in no response and no event', async () => {
    const admin = createSession('a2', 'admin', 'admin');
    const answers = [
      await core.call(admin, 'sync.now', { full: true }),
      await core.call(admin, 'settings.get', {}),
      await core.call(admin, 'sync.status', {}),
      await core.call(admin, 'outbox.list', {}),
      await core.call(admin, 'guests.list', { from: new Date(0).toISOString(), to: new Date().toISOString() }),
      await core.call(admin, 'session.get', {}),
    ];
    expect((answers[1] as { tokenSet: boolean }).tokenSet).toBe(true);
    expect(events.length).toBeGreaterThan(0);
    const everything = JSON.stringify([answers, events]);
    expect(everything).not.toContain(TEST_TOKEN);
  });
});

describe('the outbox in a running engine', () => {
  it('sends queued work soon, then goes quiet (no delivery loop)', async () => {
    const admin = createSession('a3', 'admin', 'admin');
    runtime.engine.start();
    const csv = 'sourceId,email,firstName\nloop-1,loop1@example.test,Lou\n';
    const queued = await core.call(admin, 'pushes.queue', {
      kind: 'identities',
      fileName: 'loop.csv',
      contentBase64: Buffer.from(csv).toString('base64'),
    });
    await until(() => runtime.mirror.outbox.inBatch(queued.batchId)[0]?.state === 'delivered', 'the push delivered', {
      timeout: 10_000,
    });
    const before = events.length;
    // Quiet: every job waits for its interval (5 s at the least) with no run in flight; a delivery loop would keep
    // one armed sooner, or running.
    await until(
      () => timers.pending() === timers.mostPending() && timers.pendingDelays().every((ms) => ms >= 5_000),
      'every job to wait for its interval',
    );
    expect(events.length - before).toBeLessThan(10);
    await runtime.engine.stop();
  });
});

describe('the browser host', () => {
  it('sends a strict CSP and the security headers on pages and operations', async () => {
    const page = await request(host.url);
    await page.body.text();
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(String(page.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const op = await post('sync.status', {});
    expect(op.headers['content-security-policy']).toBe(csp);
    expect(op.headers['cache-control']).toBe('no-store');
  });

  it('does not serve files outside the renderer', async () => {
    const answer = await request(`${host.url}..%2F..%2Fetc%2Fpasswd`);
    expect(await answer.body.text()).toContain('<title>Foyer</title>');
  });

  it('streams the sync status as server-sent events', async () => {
    const response = await request(`${host.url}app/events`);
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    const reader = response.body[Symbol.asyncIterator]();
    let text = '';
    while (!text.includes('sync-status')) text += String((await reader.next()).value);
    expect(text).toMatch(/^data: /m);
    response.body.destroy();
  });

  it('refuses to bind beyond loopback without a PIN', async () => {
    expect(isLoopback('127.0.0.1') && isLoopback('::1') && !isLoopback('0.0.0.0')).toBe(true);
    await expect(
      startBrowserHost({ core, rendererDir: RENDERER, host: '0.0.0.0', port: 0, pinsSet: false }),
    ).rejects.toThrow(/without a PIN/);
  });
});

describe('the Electron main process (electron mocked)', () => {
  it('opens a kiosk window with --kiosk whose IPC calls are checked against the kiosk role', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-main-'));
    const store = createConfigStore(dataDir);
    store.write({ ...store.read(), baseUrl: svc.baseUrl });
    const { createFileTokenStore } = await import('../../../electron/core/config/token-store.ts');
    createFileTokenStore(dataDir).set(TEST_TOKEN);
    process.env.FOYER_DATA_DIR = dataDir;
    const argv = process.argv;
    process.argv = [...argv, '--kiosk'];

    const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    const appListeners = new Map<string, (event?: { preventDefault(): void }) => void>();
    const created: { options: Record<string, unknown>; contents: Record<string, unknown> }[] = [];
    let windowId = 100;
    class FakeWindow {
      webContents: Record<string, unknown>;
      constructor(readonly options: Record<string, unknown>) {
        this.webContents = {
          id: windowId++,
          send: vi.fn(),
          isDestroyed: () => false,
          setWindowOpenHandler: vi.fn(),
          on: vi.fn(),
        };
        created.push({ options, contents: this.webContents });
      }
      setMenu = vi.fn();
      once = vi.fn();
      on = vi.fn();
      show = vi.fn();
      getBounds = () => ({ x: 0, y: 0, width: 1000, height: 700 });
      loadFile = vi.fn(async () => {});
      loadURL = vi.fn(async () => {});
      static getAllWindows = () => [];
    }
    let ready!: () => void;
    const started = new Promise<void>((resolve) => (ready = resolve));
    vi.doMock('electron', () => ({
      app: {
        requestSingleInstanceLock: vi.fn(() => true),
        on: (name: string, listener: (event?: { preventDefault(): void }) => void) => appListeners.set(name, listener),
        whenReady: () => Promise.resolve(),
        getPath: () => dataDir,
        quit: vi.fn(),
        exit: vi.fn(),
      },
      BrowserWindow: FakeWindow,
      ipcMain: {
        handle: (channel: string, handler: (...args: unknown[]) => Promise<unknown>) => {
          handlers.set(channel, handler);
        },
        removeHandler: vi.fn(),
      },
      safeStorage: { isEncryptionAvailable: () => false, encryptString: vi.fn(), decryptString: vi.fn() },
      session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    }));
    const electron = await import('electron');
    await import('../../../electron/main/index.ts');
    await until(() => created.length > 0, 'a window', { timeout: 20_000 });
    ready();
    await started;

    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalled();
    const window = created[0]!;
    expect(window.options).toMatchObject({ kiosk: true, fullscreen: true });
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    const call = handlers.get('foyer:call')!;
    const sender = window.contents;
    // Replies are values: { ok: true, value } or { ok: false, error } (shared/contract/ipc.ts).
    const refused = (code: RegExp, message?: RegExp) => ({
      ok: false,
      error: {
        code: expect.stringMatching(code),
        message: message ? expect.stringMatching(message) : expect.any(String),
      },
    });
    await expect(call({ sender }, 'outbox.list', {})).resolves.toMatchObject(refused(/FORBIDDEN/));
    await expect(call({ sender }, 'session.unlock', { pin: '2468' })).resolves.toMatchObject(
      refused(/FORBIDDEN|REFUSED/),
    );
    await expect(call({ sender }, 'kiosk.settings', {})).resolves.toMatchObject({
      ok: true,
      value: { idleSeconds: expect.any(Number) },
    });
    await expect(call({ sender: { id: 9999 } }, 'kiosk.settings', {})).resolves.toMatchObject(
      refused(/FORBIDDEN/, /no session/),
    );
    await expect(call({ sender }, 'no.such', {})).resolves.toMatchObject(refused(/UNKNOWN_OPERATION/));

    // As Electron sends it: main holds the quit until the core is closed, then quits again.
    appListeners.get('before-quit')?.({ preventDefault: vi.fn() });
    await until(() => vi.mocked(electron.app.quit).mock.calls.length > 0, 'the app to quit');
    process.argv = argv;
    delete process.env.FOYER_DATA_DIR;
    vi.doUnmock('electron');
  }, 40_000);
});
