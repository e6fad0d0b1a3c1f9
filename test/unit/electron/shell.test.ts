/** The Electron shell, with a mocked `electron` module (the binary cannot run here). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { OPERATION_NAMES } from '../../../shared/contract/operations.ts';
import { hardenContents, hardenSession, permissionAllowed } from '../../../electron/main/security.ts';
import { createSafeTokenStore } from '../../../electron/main/token-store.ts';
import { loadBounds, saveBounds } from '../../../electron/main/window-state.ts';
import { chooseWindowKind, WINDOW_ROLES, windowOptions } from '../../../electron/main/windows.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';

describe('window options', () => {
  for (const kind of ['kiosk', 'desk'] as const)
    it(`${kind}: isolated, sandboxed, no Node, the preload given`, () => {
      const prefs = windowOptions(kind, '/app/preload.cjs').webPreferences!;
      expect(prefs).toMatchObject({
        preload: '/app/preload.cjs',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        webviewTag: false,
        allowRunningInsecureContent: false,
      });
    });

  it('the kiosk is fullscreen kiosk mode without frame or menu', () => {
    expect(windowOptions('kiosk', 'p')).toMatchObject({
      kiosk: true,
      fullscreen: true,
      frame: false,
      autoHideMenuBar: true,
    });
  });

  it('the desk keeps its remembered bounds', () => {
    expect(windowOptions('desk', 'p', { x: 10, y: 20, width: 1000, height: 700 })).toMatchObject({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
    });
    expect(windowOptions('desk', 'p').kiosk).toBeUndefined();
  });

  it('--kiosk wins over the setting; roles per window kind', () => {
    expect(chooseWindowKind(['electron', '.', '--kiosk'], 'desk')).toBe('kiosk');
    expect(chooseWindowKind(['electron', '.'], 'kiosk')).toBe('kiosk');
    expect(chooseWindowKind(['electron', '.'], 'desk')).toBe('desk');
    expect(WINDOW_ROLES.kiosk).toEqual({ base: 'kiosk', max: 'kiosk' });
    expect(WINDOW_ROLES.desk).toEqual({ base: 'desk', max: 'admin' });
  });

  it('window state survives a broken file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-ws-'));
    expect(loadBounds(dir)).toBeUndefined();
    saveBounds(dir, { x: 1, y: 2, width: 800, height: 600 });
    expect(loadBounds(dir)).toEqual({ x: 1, y: 2, width: 800, height: 600 });
  });
});

describe('permissions and navigation', () => {
  it('only the kiosk gets the camera, and nothing else', () => {
    expect(permissionAllowed('kiosk', 'media', { mediaTypes: ['video'] })).toBe(true);
    expect(permissionAllowed('kiosk', 'media', { mediaTypes: ['audio'] })).toBe(false);
    expect(permissionAllowed('kiosk', 'media', { mediaTypes: ['video', 'audio'] })).toBe(false);
    expect(permissionAllowed('desk', 'media', { mediaTypes: ['video'] })).toBe(false);
    for (const p of ['geolocation', 'notifications', 'clipboard-read', 'midi', 'openExternal'])
      expect(permissionAllowed('kiosk', p)).toBe(false);
  });

  it('the session handlers ask the window kind', () => {
    const handlers: Record<string, (...args: unknown[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (h: never) => (handlers.request = h),
      setPermissionCheckHandler: (h: never) => (handlers.check = h),
    };
    const kiosk = { id: 1 };
    const desk = { id: 2 };
    hardenSession(session as never, (c) => (c === kiosk ? 'kiosk' : c === desk ? 'desk' : undefined));
    const answers: boolean[] = [];
    handlers.request!(kiosk, 'media', (ok: boolean) => answers.push(ok), { mediaTypes: ['video'] });
    handlers.request!(desk, 'media', (ok: boolean) => answers.push(ok), { mediaTypes: ['video'] });
    handlers.request!(null, 'media', (ok: boolean) => answers.push(ok), { mediaTypes: ['video'] });
    expect(answers).toEqual([true, false, false]);
  });

  it('window.open is denied and navigation away is prevented', () => {
    const listeners: Record<string, (...args: never[]) => void> = {};
    let openHandler: (() => { action: string }) | undefined;
    const contents = {
      setWindowOpenHandler: (h: () => { action: string }) => (openHandler = h),
      on: (name: string, listener: (...args: never[]) => void) => (listeners[name] = listener),
    };
    hardenContents(contents as never, 'file:///app/out/renderer/index.html');
    expect(openHandler!()).toEqual({ action: 'deny' });
    const away = { preventDefault: vi.fn() };
    listeners['will-navigate']!(away as never, 'https://example.com/' as never);
    expect(away.preventDefault).toHaveBeenCalled();
    const home = { preventDefault: vi.fn() };
    listeners['will-navigate']!(home as never, 'file:///app/out/renderer/index.html#desk' as never);
    expect(home.preventDefault).not.toHaveBeenCalled();
    const redirected = { preventDefault: vi.fn() };
    listeners['will-redirect']!(redirected as never, 'https://example.com/' as never);
    expect(redirected.preventDefault).toHaveBeenCalled();
  });
});

describe('token in safe storage', () => {
  const fakeSafeStorage = {
    isEncryptionAvailable: () => true,
    encryptString: (text: string) => Buffer.from(`enc:${Buffer.from(text).toString('base64')}`),
    decryptString: (buffer: Buffer) => Buffer.from(buffer.toString().slice(4), 'base64').toString(),
  };

  it('is stored encrypted and moves a CLI token into safe storage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-tok-'));
    const file = createFileTokenStore(dir);
    file.set('cli-token-123456');
    const store = createSafeTokenStore(dir, fakeSafeStorage as never, file);
    expect(store.get()).toBe('cli-token-123456');
    expect(file.get()).toBeUndefined(); // moved
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(dir, 'token.enc'), 'utf8')).not.toContain('cli-token');
    expect(store.get()).toBe('cli-token-123456');
  });
});

describe('preload', () => {
  it('exposes one named function per operation and the event stream, never ipcRenderer', async () => {
    const exposed: Record<string, unknown> = {};
    const invoke = vi.fn(async () => 'ok');
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
      ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn() },
    }));
    await import('../../../electron/preload/index.ts');
    const bridge = exposed.foyer as { operations: Record<string, (i: unknown) => Promise<unknown>>; onEvent: unknown };
    expect(Object.keys(exposed)).toEqual(['foyer']);
    expect(Object.keys(bridge).sort()).toEqual(['onEvent', 'operations', 'printBadge']);
    expect(Object.keys(bridge.operations).sort()).toEqual([...OPERATION_NAMES].sort());
    await bridge.operations['kiosk.lookup']!({ text: 'an' });
    expect(invoke).toHaveBeenCalledWith('foyer:call', 'kiosk.lookup', { text: 'an' });
    vi.doUnmock('electron');
  });
});

describe('badge printing', () => {
  type Handler = (event: { sender: unknown }) => Promise<unknown>;
  const setUp = async (badge: { enabled: boolean; printer: string }, allowed = true) => {
    const { registerPrint } = await import('../../../electron/main/print.ts');
    const handlers = new Map<string, Handler>();
    const ipcMain = {
      handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
      removeHandler: vi.fn(),
    };
    registerPrint(ipcMain as never, { allowed: () => allowed, badge: () => badge });
    const print = vi.fn((options: unknown, callback: (success: boolean, reason: string) => void) => callback(true, ''));
    return { handler: handlers.get('foyer:print')!, print };
  };

  it('prints the calling window silently to the printer of the kiosk settings, never one the renderer names', async () => {
    const { handler, print } = await setUp({ enabled: true, printer: 'Brother QL-820NWB' });
    expect(await handler({ sender: { print } })).toEqual({ ok: true, value: undefined });
    expect(print).toHaveBeenCalledWith(
      { silent: true, printBackground: true, margins: { marginType: 'none' }, deviceName: 'Brother QL-820NWB' },
      expect.any(Function),
    );
  });

  it('uses the system default printer when none is named', async () => {
    const { handler, print } = await setUp({ enabled: true, printer: '' });
    await handler({ sender: { print } });
    expect(print.mock.calls[0]![0]).not.toHaveProperty('deviceName');
  });

  it('refuses when badges are off or the window is not the app’s, and reports a failed print', async () => {
    const off = await setUp({ enabled: false, printer: '' });
    expect(await off.handler({ sender: { print: off.print } })).toMatchObject({
      ok: false,
      error: { code: 'REFUSED' },
    });
    expect(off.print).not.toHaveBeenCalled();
    const stranger = await setUp({ enabled: true, printer: '' }, false);
    expect(await stranger.handler({ sender: { print: stranger.print } })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    const { handler } = await setUp({ enabled: true, printer: 'P' });
    const failing = vi.fn((_: unknown, callback: (success: boolean, reason: string) => void) =>
      callback(false, 'no such printer'),
    );
    expect(await handler({ sender: { print: failing } })).toMatchObject({
      ok: false,
      error: { code: 'REFUSED', message: expect.stringContaining('no such printer') },
    });
  });

  it('the preload exposes printBadge on the print channel', async () => {
    const exposed: Record<string, unknown> = {};
    const invoke = vi.fn(async () => undefined);
    vi.resetModules();
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
      ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn() },
    }));
    await import('../../../electron/preload/index.ts');
    await (exposed.foyer as { printBadge(): Promise<void> }).printBadge();
    expect(invoke).toHaveBeenCalledWith('foyer:print');
    vi.doUnmock('electron');
  });
});
