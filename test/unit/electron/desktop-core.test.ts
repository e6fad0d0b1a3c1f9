/**
 * The desktop app's start-up as its configuration says (electron/main/desktop.ts),
 * with a mocked `electron` module (the binary cannot run here): the app on its
 * own core, and the app as the site hub (hub.enabled). As a device of a hub:
 * desktop-device.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { connect as tlsConnect } from 'node:tls';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { HUB_COOKIES, HUB_PAIRING_PATH } from '../../../shared/contract/hub.ts';
import { IPC_CHANNELS } from '../../../shared/contract/ipc.ts';
import { mockElectron, dataDirWith, start, sha256Of, quit, setUpDesktopMocks } from './desktop-fixture.ts';

setUpDesktopMocks();

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

describe('the first admin PIN at the desktop app', () => {
  const call = (recorded: ReturnType<typeof mockElectron>, name: string, input: unknown) =>
    recorded.handlers.get(IPC_CHANNELS.call)!({ sender: recorded.windows[0]!.webContents }, name, input);

  it('the desk window asks for it while none is set, and sets it: the window is admin', async () => {
    const recorded = mockElectron();
    await start(dataDirWith({}));
    expect(await call(recorded, 'session.get', {})).toMatchObject({
      ok: true,
      value: { role: 'desk', firstStart: true },
    });
    expect(await call(recorded, 'session.setFirstAdminPin', { pin: '80241' })).toEqual({
      ok: true,
      value: { role: 'admin' },
    });
    expect(await call(recorded, 'session.get', {})).toMatchObject({ value: { role: 'admin', firstStart: false } });
    await quit(recorded);
  });

  it('the kiosk window never does', async () => {
    const recorded = mockElectron();
    await start(dataDirWith({}), ['electron', '.', '--kiosk']);
    expect(await call(recorded, 'session.get', {})).toMatchObject({ value: { role: 'kiosk', firstStart: false } });
    expect(await call(recorded, 'session.setFirstAdminPin', { pin: '80241' })).toMatchObject({
      ok: false,
      error: { code: 'REFUSED' },
    });
    await quit(recorded);
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

    // The log names where devices pair and the security code to compare (as the screens group it), and it is the
    // certificate served.
    const line = log.mock.calls.map(([l]) => l).find((l) => l.startsWith('site hub:'));
    expect(line).toContain(`https://127.0.0.1:${port}/`);
    const whole = /whole: ((?:[0-9A-F]{4} ){15}[0-9A-F]{4})\)/.exec(line ?? '')?.[1];
    const cert = readFileSync(join(dir, 'hub-tls', 'cert.pem'), 'utf8');
    const fingerprint = sha256Of(cert);
    expect(whole?.replaceAll(' ', '')).toBe(fingerprint.replaceAll(':', ''));
    expect(line).toContain(`security code ${whole?.slice(0, 19)} `);
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
