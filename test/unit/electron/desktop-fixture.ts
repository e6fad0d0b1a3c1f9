/**
 * Shared set-up of the desktop app tests (desktop-*.test.ts): a mocked
 * `electron` module that records windows, IPC handlers and the certificate
 * check, and helpers to start and quit the app under it.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, vi } from 'vitest';

/** What the fake `electron` module recorded. */
export interface Recorded {
  windows: FakeWindow[];
  handlers: Map<string, (event: { sender: unknown }, ...args: unknown[]) => Promise<unknown>>;
  verifyProc?: (
    request: { hostname: string; certificate: { data: string } },
    callback: (result: number) => void,
  ) => void;
  app: EventEmitter & { quit: ReturnType<typeof vi.fn> };
}

export class FakeWindow extends EventEmitter {
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

export function mockElectron(): Recorded {
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

export function dataDirWith(config: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-desktop-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

export async function start(
  dataDir: string,
  argv: string[] = ['electron', '.'],
  renderer = '/app/out/renderer/index.html',
) {
  const { startDesktop } = await import('../../../electron/main/desktop.ts');
  const log = vi.fn<(line: string) => void>();
  await startDesktop({ dataDir, argv, preload: '/app/out/preload/index.cjs', renderer, log });
  return log;
}

/** The colon hex SHA-256 of a PEM certificate's DER, computed here apart from the code under test. */
export const sha256Of = (pem: string) =>
  createHash('sha256')
    .update(Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'))
    .digest('hex')
    .toUpperCase()
    .match(/../g)!
    .join(':');

/** Quits the fake app: before-quit, as Electron sends it, then waits for the app to quit again. */
export async function quit(recorded: Recorded) {
  const event = { preventDefault: vi.fn() };
  recorded.app.emit('before-quit', event);
  await vi.waitFor(() => expect(recorded.app.quit).toHaveBeenCalled());
  return event;
}

/** Undoes the mock and fake timers after each test of the calling file. */
export function setUpDesktopMocks(): void {
  afterEach(() => {
    vi.doUnmock('electron');
    vi.useRealTimers();
  });
}
