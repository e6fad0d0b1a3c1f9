/**
 * The Electron shell's entry: one instance, then what the configuration
 * says (desktop.ts): the app on its own core (the embedded reference
 * service when none is configured), the site hub beside it, or a device of
 * a hub. A set-up that cannot start is said in a dialog, with what to do.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog } from 'electron';
import { useNativeBinding } from '../../shared/sqlite/open.ts';
import { startDesktop } from './desktop.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/** better-sqlite3 built for Electron's ABI, kept apart from the Node build (see docs/desktop.md, "Packaging"). */
function electronNativeBinding(): string | undefined {
  const candidates = [
    join(process.resourcesPath ?? '', 'native', 'better_sqlite3.node'),
    join(here, '../../build/native/electron/better_sqlite3.node'),
  ];
  return candidates.find((path) => existsSync(path));
}

async function start(): Promise<void> {
  useNativeBinding(electronNativeBinding());
  await startDesktop({
    dataDir: process.env.FOYER_DATA_DIR ?? app.getPath('userData'),
    argv: process.argv,
    preload: join(here, '../preload/index.cjs'),
    renderer: join(here, '../renderer/index.html'),
    devUrl: process.env.ELECTRON_RENDERER_URL,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
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
      // The desktop app has no console to read: the reason (a SetupError or ConfigError says what to fix) in a dialog.
      dialog.showErrorBox('Foyer cannot start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}
