/**
 * The Electron shell: single instance, the core on the user-data folder
 * (the embedded reference service when none is configured), one window (the
 * desk, or the kiosk with --kiosk), IPC relayed to the core. Nothing else.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, safeStorage, session as electronSession, type WebContents } from 'electron';
import { useNativeBinding } from '../../shared/sqlite/open.ts';
import { createAppCore } from '../core/app/core.ts';
import type { Session } from '../core/app/session.ts';
import { createFileTokenStore } from '../core/config/token-store.ts';
import { openRuntime, type Runtime } from '../core/runtime.ts';
import { forwardEvents, registerIpc } from './ipc.ts';
import { registerPrint } from './print.ts';
import { hardenContents, hardenSession } from './security.ts';
import { createSafeTokenStore } from './token-store.ts';
import { loadBounds, saveBounds } from './window-state.ts';
import { chooseWindowKind, WINDOW_ROLES, type WindowKind, windowOptions } from './windows.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const PRELOAD = join(here, '../preload/index.cjs');
const RENDERER = join(here, '../renderer/index.html');

/** better-sqlite3 built for Electron's ABI, kept apart from the Node build (see README, "Packaging"). */
function electronNativeBinding(): string | undefined {
  const candidates = [
    join(process.resourcesPath ?? '', 'native', 'better_sqlite3.node'),
    join(here, '../../build/native/electron/better_sqlite3.node'),
  ];
  return candidates.find((path) => existsSync(path));
}

const windows = new Map<number, { kind: WindowKind; session: Session }>();

async function start(): Promise<void> {
  const dataDir = process.env.FOYER_DATA_DIR ?? app.getPath('userData');
  useNativeBinding(electronNativeBinding());
  const tokenStore = createSafeTokenStore(dataDir, safeStorage, createFileTokenStore(dataDir));
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const runtime: Runtime = await openRuntime({ dataDir, tokenStore, log });
  const core = createAppCore(runtime, { log });
  const kindOf = (contents: WebContents | null) => (contents ? windows.get(contents.id)?.kind : undefined);
  hardenSession(electronSession.defaultSession, kindOf);
  registerIpc(ipcMain, core, (contents) => windows.get(contents.id)?.session);
  registerPrint(ipcMain, {
    allowed: (contents) => windows.has(contents.id),
    badge: () => runtime.config.kiosk.badge,
  });
  runtime.engine.start();

  const kind = chooseWindowKind(process.argv, runtime.config.appMode);
  const bounds = kind === 'desk' ? loadBounds(dataDir) : undefined;
  const window = new BrowserWindow(windowOptions(kind, PRELOAD, bounds));
  if (kind === 'kiosk') window.setMenu(null);
  const roles = WINDOW_ROLES[kind];
  // Kept by the core (the PIN limit and the idle lock hold here as in a browser); a window's session is not evicted.
  const session = core.sessions.open(roles.base, roles.max, 'desktop', {
    evictable: false,
    id: `window-${window.webContents.id}`,
  });
  windows.set(window.webContents.id, { kind, session });
  hardenContents(window.webContents, process.env.ELECTRON_RENDERER_URL ?? `file://${RENDERER}`);
  const stopEvents = forwardEvents(core, window.webContents, session);
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    if (kind === 'desk') saveBounds(dataDir, window.getBounds());
    stopEvents();
    core.sessions.close(session.id);
  });
  if (process.env.ELECTRON_RENDERER_URL) await window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else await window.loadFile(RENDERER);

  app.on('before-quit', () => void runtime.close());
}

if (!app.requestSingleInstanceLock()) app.quit();
else {
  app.on('second-instance', () => {
    const window = BrowserWindow.getAllWindows()[0];
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app.on('window-all-closed', () => app.quit());
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error(error);
      app.exit(1);
    });
}
