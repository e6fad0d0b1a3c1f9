/**
 * The desktop app's start-up as a device of a site hub (hubUrl +
 * hubFingerprint), with a mocked `electron` module (the binary cannot run
 * here): no runtime, the hub's page loaded, its certificate pinned,
 * navigation kept on the hub's origin, printing kept, a clear refusal
 * without the fingerprint. On its own core or as the hub: desktop-core.test.ts.
 */
import { readdirSync } from 'node:fs';
import { generate } from 'selfsigned';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_WINDOW_ARGUMENT, IPC_CHANNELS } from '../../../shared/contract/ipc.ts';
import { mockElectron, dataDirWith, start, sha256Of, quit, setUpDesktopMocks } from './desktop-fixture.ts';

setUpDesktopMocks();

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

    // As the screens group it: the same pin.
    const grouped = mockElectron();
    const groups = sha256Of(hubCert).replaceAll(':', '').match(/.{4}/g)!.join(' ');
    await start(dataDirWith(deviceConfig({ hubFingerprint: groups })));
    let result: number | undefined;
    grouped.verifyProc!({ hostname: 'reception.example.lan', certificate: { data: hubCert } }, (r) => (result = r));
    expect(result).toBe(0);
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
    expect((error as Error).message).toContain('The hub prints its security code');
    expect((error as Error).message).toContain("foyer config set hubFingerprint '3FA0 12BC ...'");
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
