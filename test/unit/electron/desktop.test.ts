/**
 * The desktop app's start-up as its configuration says (electron/main/desktop.ts),
 * with a mocked `electron` module (the binary cannot run here): the app on its
 * own core, and the app as a device of a site hub (hubUrl + hubFingerprint):
 * no runtime, the hub's page loaded, its certificate pinned, navigation kept on
 * the hub's origin, printing kept, a clear refusal without the fingerprint.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { connect as tlsConnect } from 'node:tls';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { Agent, request } from 'undici';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUB_COOKIES, HUB_PAIRING_PATH } from '../../../shared/contract/hub.ts';
import { DEVICE_WINDOW_ARGUMENT, IPC_CHANNELS } from '../../../shared/contract/ipc.ts';

/** What the fake `electron` module recorded. */
interface Recorded {
  windows: FakeWindow[];
  handlers: Map<string, (event: { sender: unknown }, ...args: unknown[]) => Promise<unknown>>;
  verifyProc?: (
    request: { hostname: string; certificate: { data: string } },
    callback: (result: number) => void,
  ) => void;
  app: EventEmitter & { quit: ReturnType<typeof vi.fn> };
}

class FakeWindow extends EventEmitter {
  static nextId = 1;
  url = '';
  readonly webContents: EventEmitter & { id: number; print: ReturnType<typeof vi.fn> };
  readonly loadURL = vi.fn(async (url: string) => {
    this.url = url;
  });
  readonly loadFile = vi.fn(async (path: string) => {
    this.url = `file://${path}`;
  });
  readonly setMenu = vi.fn();
  readonly show = vi.fn();
  constructor(readonly options: Record<string, unknown>) {
    super();
    this.webContents = Object.assign(new EventEmitter(), {
      id: FakeWindow.nextId++,
      setWindowOpenHandler: vi.fn(),
      send: vi.fn(),
      isDestroyed: () => false,
      getURL: () => this.url,
      print: vi.fn((_options: unknown, done: (ok: boolean, reason: string) => void) => done(true, '')),
    });
  }
  getBounds() {
    return { x: 0, y: 0, width: 1280, height: 820 };
  }
}

function mockElectron(): Recorded {
  const recorded: Recorded = {
    windows: [],
    handlers: new Map(),
    app: Object.assign(new EventEmitter(), { quit: vi.fn() }),
  };
  vi.resetModules();
  vi.doMock('electron', () => ({
    app: recorded.app,
    BrowserWindow: class extends FakeWindow {
      constructor(options: Record<string, unknown>) {
        super(options);
        recorded.windows.push(this);
      }
    },
    ipcMain: {
      handle: (channel: string, handler: never) => recorded.handlers.set(channel, handler),
      removeHandler: vi.fn(),
    },
    safeStorage: { isEncryptionAvailable: () => false },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        setCertificateVerifyProc: (proc: Recorded['verifyProc']) => (recorded.verifyProc = proc),
      },
    },
  }));
  return recorded;
}

function dataDirWith(config: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-desktop-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

async function start(dataDir: string, argv: string[] = ['electron', '.'], renderer = '/app/out/renderer/index.html') {
  const { startDesktop } = await import('../../../electron/main/desktop.ts');
  const log = vi.fn<(line: string) => void>();
  await startDesktop({ dataDir, argv, preload: '/app/out/preload/index.cjs', renderer, log });
  return log;
}

/** The colon hex SHA-256 of a PEM certificate's DER, computed here apart from the code under test. */
const sha256Of = (pem: string) =>
  createHash('sha256')
    .update(Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'))
    .digest('hex')
    .toUpperCase()
    .match(/../g)!
    .join(':');

/** Quits the fake app: before-quit, as Electron sends it, then waits for the app to quit again. */
async function quit(recorded: Recorded) {
  const event = { preventDefault: vi.fn() };
  recorded.app.emit('before-quit', event);
  await vi.waitFor(() => expect(recorded.app.quit).toHaveBeenCalled());
  return event;
}

afterEach(() => {
  vi.doUnmock('electron');
  vi.useRealTimers();
});

describe('the desktop app as a device of a site hub', () => {
  let hubCert: string;
  let otherCert: string;
  const HUB = 'https://reception.example.lan:5443/';

  beforeAll(async () => {
    hubCert = (await generate([{ name: 'commonName', value: 'reception.example.lan' }], { keySize: 2048 })).cert;
    otherCert = (await generate([{ name: 'commonName', value: 'reception.example.lan' }], { keySize: 2048 })).cert;
  });

  const deviceConfig = (extra: Record<string, unknown> = {}) => ({
    hubUrl: HUB,
    hubFingerprint: sha256Of(hubCert),
    ...extra,
  });

  it('opens no runtime and no mirror, and loads the hub in a kiosk window as appMode says', async () => {
    const recorded = mockElectron();
    const dir = dataDirWith(deviceConfig({ appMode: 'kiosk' }));
    await start(dir);
    expect(recorded.windows).toHaveLength(1);
    const [window] = recorded.windows;
    expect(window!.loadURL).toHaveBeenCalledWith(HUB);
    expect(window!.loadFile).not.toHaveBeenCalled();
    expect(window!.options).toMatchObject({ kiosk: true, fullscreen: true });
    expect((window!.options.webPreferences as { additionalArguments?: string[] }).additionalArguments).toEqual([
      DEVICE_WINDOW_ARGUMENT,
    ]);
    // No core here: no operation door, only printing; nothing but the configuration in the data directory.
    expect([...recorded.handlers.keys()]).toEqual([IPC_CHANNELS.print]);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('opens the desk window when appMode says desk (and --kiosk still wins)', async () => {
    let recorded = mockElectron();
    await start(dataDirWith(deviceConfig()));
    expect(recorded.windows[0]!.options.kiosk).toBeUndefined();
    recorded = mockElectron();
    await start(dataDirWith(deviceConfig()), ['electron', '.', '--kiosk']);
    expect(recorded.windows[0]!.options.kiosk).toBe(true);
  });

  it("accepts only the pinned certificate, and only at the hub's host name", async () => {
    const recorded = mockElectron();
    // The fingerprint as typed in lower case is the same fingerprint.
    await start(dataDirWith(deviceConfig({ hubFingerprint: sha256Of(hubCert).toLowerCase() })));
    const verify = (hostname: string, data: string) => {
      let result: number | undefined;
      recorded.verifyProc!({ hostname, certificate: { data } }, (r) => (result = r));
      return result;
    };
    expect(verify('reception.example.lan', hubCert)).toBe(0);
    expect(verify('RECEPTION.example.lan', hubCert)).toBe(0);
    expect(verify('reception.example.lan', otherCert)).toBe(-2);
    expect(verify('elsewhere.example.com', hubCert)).toBe(-2);
    expect(verify('reception.example.lan', 'not a certificate')).toBe(-2);
  });

  it('pins an IPv6 hub by its bare address, as Chromium names it', async () => {
    const recorded = mockElectron();
    await start(dataDirWith(deviceConfig({ hubUrl: 'https://[fd00::5]:5443/' })));
    let result: number | undefined;
    recorded.verifyProc!({ hostname: 'fd00::5', certificate: { data: hubCert } }, (r) => (result = r));
    expect(result).toBe(0);
  });

  it("keeps navigation and redirects on the hub's origin", async () => {
    const recorded = mockElectron();
    await start(dataDirWith(deviceConfig()));
    const contents = recorded.windows[0]!.webContents;
    const attempt = (name: string, url: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit(name, event, url);
      return event.preventDefault.mock.calls.length === 0;
    };
    expect(attempt('will-navigate', 'https://reception.example.lan:5443/#desk')).toBe(true);
    for (const name of ['will-navigate', 'will-redirect']) {
      expect(attempt(name, 'https://evil.example.com/')).toBe(false);
      expect(attempt(name, 'https://reception.example.lan:5443.evil.example.com/')).toBe(false);
      expect(attempt(name, 'http://reception.example.lan:5443/')).toBe(false);
      expect(attempt(name, 'https://reception.example.lan/')).toBe(false);
    }
  });

  it('refuses to start without the fingerprint, and says where to get it and how to set it', async () => {
    mockElectron();
    const error = await start(dataDirWith({ hubUrl: HUB })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SetupError' });
    expect((error as Error).message).toContain('The hub prints its fingerprint');
    expect((error as Error).message).toContain('foyer config set hubFingerprint AA:BB:');
  });

  it('refuses to be the hub and a device at once', async () => {
    const recorded = mockElectron();
    const error = await start(dataDirWith(deviceConfig({ hub: { enabled: true } }))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SetupError', message: expect.stringContaining('hub.enabled') });
    expect(recorded.windows).toHaveLength(0);
  });

  it("prints badges for the hub's pages to this machine's printer, and for nothing else", async () => {
    const recorded = mockElectron();
    await start(dataDirWith(deviceConfig({ kiosk: { badge: { enabled: false, printer: 'Lobby QL-820' } } })));
    const window = recorded.windows[0]!;
    const print = recorded.handlers.get(IPC_CHANNELS.print)!;
    // The hub's kiosk setting decides whether to print (the page asks only then); the printer is the local one.
    expect(await print({ sender: window.webContents })).toEqual({ ok: true, value: undefined });
    expect(window.webContents.print).toHaveBeenCalledWith(
      expect.objectContaining({ silent: true, deviceName: 'Lobby QL-820' }),
      expect.any(Function),
    );
    window.url = 'data:text/html,elsewhere';
    expect(await print({ sender: window.webContents })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('shows a calm page while the hub cannot be reached, and tries again', async () => {
    vi.useFakeTimers();
    const recorded = mockElectron();
    const log = await start(dataDirWith(deviceConfig({ appMode: 'kiosk' })));
    const window = recorded.windows[0]!;
    window.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', HUB, true);
    const shown = window.loadURL.mock.calls.at(-1)![0];
    expect(shown).toMatch(/^data:text\/html/);
    expect(decodeURIComponent(shown)).toContain('Please see reception');
    expect(decodeURIComponent(shown)).toContain('ERR_CONNECTION_REFUSED');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('cannot reach the site hub'));
    // An aborted load (replaced by another) and a subframe's failure are no reason.
    const before = window.loadURL.mock.calls.length;
    window.webContents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', HUB, true);
    window.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', HUB, false);
    expect(window.loadURL.mock.calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(window.loadURL.mock.calls.at(-1)![0]).toBe(HUB);
  });

  it("a kiosk's page says it in the kiosk's first language, then in every other one it offers", async () => {
    const recorded = mockElectron();
    await start(
      dataDirWith(
        deviceConfig({ appMode: 'kiosk', kiosk: { defaultLanguage: 'DE', languages: ['DE', 'RU', 'ZH_CN', 'EN'] } }),
      ),
    );
    const window = recorded.windows[0]!;
    window.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', HUB, true);
    const page = decodeURIComponent(window.loadURL.mock.calls.at(-1)![0]);
    expect(page).toContain('<html lang="de-DE">');
    expect(page).toContain('<h1>Bitte wenden Sie sich an den Empfang</h1>');
    expect(page).toContain('<li lang="ru-RU">Пожалуйста, обратитесь на ресепшен</li>');
    expect(page).toContain('<li lang="zh-CN">请到前台</li>');
    expect(page).toContain('<li lang="en-GB">Please see reception</li>');
    expect(page).not.toContain('Lütfen'); // Turkish is not offered here
  });

  it('quits at once: there is nothing of its own to close', async () => {
    const recorded = mockElectron();
    await start(dataDirWith(deviceConfig()));
    const event = await quit(recorded);
    expect(event.preventDefault).toHaveBeenCalled();
    // The second before-quit (from the app.quit() after stopping) goes through.
    const again = { preventDefault: vi.fn() };
    recorded.app.emit('before-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});

describe('the desktop app on its own core', () => {
  it('opens the runtime in the data directory, serves the window over IPC, and closes it all before quitting', async () => {
    const recorded = mockElectron();
    const dir = dataDirWith({});
    await start(dir);
    const [window] = recorded.windows;
    expect(window!.loadFile).toHaveBeenCalledWith('/app/out/renderer/index.html');
    expect((window!.options.webPreferences as { additionalArguments?: string[] }).additionalArguments).toBeUndefined();
    expect([...recorded.handlers.keys()].sort()).toEqual([IPC_CHANNELS.call, IPC_CHANNELS.print].sort());
    expect(recorded.verifyProc).toBeUndefined();
    const reply = await recorded.handlers.get(IPC_CHANNELS.call)!(
      { sender: window!.webContents },
      'kiosk.settings',
      {},
    );
    expect(reply).toMatchObject({ ok: true, value: { idleSeconds: expect.any(Number) } });
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['mirror.db', 'mirror.db-wal']));
    const event = await quit(recorded);
    expect(event.preventDefault).toHaveBeenCalled();
    // The app quit only after the mirror was closed (SQLite folds its WAL file in on the last close).
    expect(readdirSync(dir).filter((name) => name.endsWith('-wal'))).toEqual([]);
  });
});

describe('the desktop app as the site hub (hub.enabled)', () => {
  /** A built renderer's stand-in: the hub serves its files to devices. */
  const renderer = () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-renderer-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Foyer</title>');
    return join(dir, 'index.html');
  };
  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });

  it('serves devices over HTTPS on hub.host:hub.port beside the window, on the same core, and stops with the app', async () => {
    const recorded = mockElectron();
    const port = await freePort();
    const dir = dataDirWith({ hub: { enabled: true, host: '127.0.0.1', port } });
    const log = await start(dir, ['electron', '.'], renderer());

    // The log names where devices pair and the fingerprint to compare, and it is the certificate served.
    const line = log.mock.calls.map(([l]) => l).find((l) => l.startsWith('site hub:'));
    expect(line).toContain(`https://127.0.0.1:${port}/`);
    const fingerprint = /fingerprint \(SHA-256\) ([0-9A-F:]{95})/.exec(line ?? '')?.[1];
    const cert = readFileSync(join(dir, 'hub-tls', 'cert.pem'), 'utf8');
    expect(fingerprint).toBe(sha256Of(cert));
    const served = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port, ca: cert, servername: 'localhost' }, () => {
        resolve(socket.getPeerCertificate().fingerprint256);
        socket.end();
      }).on('error', reject);
    });
    expect(served).toBe(fingerprint);

    // A device that is not paired gets nothing; it pairs with a code typed in the desk window, over IPC.
    const agent = new Agent({ connect: { ca: cert } });
    const hubUrl = `https://127.0.0.1:${port}`;
    const unpaired = await request(`${hubUrl}/app/kiosk.settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      dispatcher: agent,
    });
    expect(unpaired.statusCode).toBe(401);
    expect(await unpaired.body.json()).toMatchObject({ error: { code: 'UNPAIRED' } });
    const started = await request(`${hubUrl}${HUB_PAIRING_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      dispatcher: agent,
    });
    const { code } = (await started.body.json()) as { code: string };
    const pairingCookie = String(started.headers['set-cookie']).split(';')[0]!;

    const window = recorded.windows[0]!;
    const ipc = (name: string, input: unknown) =>
      recorded.handlers.get(IPC_CHANNELS.call)!({ sender: window.webContents }, name, input);
    expect(await ipc('hub.pair', { code, role: 'kiosk', name: 'Lobby 2' })).toMatchObject({
      ok: true,
      value: { name: 'Lobby 2', role: 'kiosk' },
    });
    expect(await ipc('hub.status', {})).toMatchObject({
      ok: true,
      value: { fingerprint, devices: [{ name: 'Lobby 2', role: 'kiosk' }] },
    });
    const paired = await request(`${hubUrl}${HUB_PAIRING_PATH}`, {
      headers: { cookie: pairingCookie },
      dispatcher: agent,
    });
    expect(await paired.body.json()).toMatchObject({ state: 'paired', role: 'kiosk', name: 'Lobby 2' });
    const deviceCookie = [paired.headers['set-cookie']]
      .flat()
      .map((cookie) => String(cookie).split(';')[0]!)
      .find((cookie) => cookie.startsWith(`${HUB_COOKIES.device}=`))!;
    const asDevice = () =>
      request(`${hubUrl}/app/kiosk.settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: deviceCookie },
        body: '{}',
        dispatcher: agent,
      });
    expect((await asDevice()).statusCode).toBe(200);
    // Revoked from the desk window: the device's next request is refused.
    const { value: status } = (await ipc('hub.status', {})) as { value: { devices: { id: number }[] } };
    expect(await ipc('hub.revoke', { id: status.devices[0]!.id })).toMatchObject({ ok: true });
    const revoked = await asDevice();
    expect(revoked.statusCode).toBe(401);
    expect(await revoked.body.json()).toMatchObject({
      error: { code: 'UNPAIRED', message: expect.stringMatching(/revoked/) },
    });

    await quit(recorded);
    await expect(request(`${hubUrl}/`, { dispatcher: agent })).rejects.toThrow();
    expect(readdirSync(dir).filter((name) => name.endsWith('-wal'))).toEqual([]);
    await agent.close();
  });

  it('without hub.enabled, nothing listens and no hub registry is made', async () => {
    const recorded = mockElectron();
    const dir = dataDirWith({});
    const log = await start(dir, ['electron', '.'], renderer());
    expect(log.mock.calls.some(([l]) => l.startsWith('site hub:'))).toBe(false);
    expect(readdirSync(dir).some((name) => name.startsWith('hub'))).toBe(false);
    await quit(recorded);
  });

  it('a hub that cannot start stops the start-up, says why, and leaves nothing open', async () => {
    const recorded = mockElectron();
    const blocker = createNetServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as AddressInfo).port)),
    );
    const dir = dataDirWith({ hub: { enabled: true, host: '127.0.0.1', port } });
    await expect(start(dir, ['electron', '.'], renderer())).rejects.toThrow(/EADDRINUSE|in use/);
    expect(recorded.windows).toHaveLength(0);
    expect(readdirSync(dir).filter((name) => name.endsWith('-wal'))).toEqual([]);
    blocker.close();
  });
});
