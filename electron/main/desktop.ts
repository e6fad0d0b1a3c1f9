/**
 * What the desktop app runs, as its configuration says: its own core (the
 * mirror and the outbox) behind one window, and with hub.enabled the site
 * hub beside it on the same core; or, with hubUrl, one window on a hub and
 * nothing of its own. Everything is stopped, in order, before the app quits.
 */
import { app, BrowserWindow, ipcMain, safeStorage, session as electronSession, type WebContents } from 'electron';
import { dirname } from 'node:path';
import { fingerprintGroups, shortFingerprint } from '../../shared/fingerprint.ts';
import { type AppCore, createAppCore } from '../core/app/core.ts';
import type { Session } from '../core/access/session.ts';
import { type Config, createConfigStore } from '../core/config/config.ts';
import { createFileTokenStore } from '../core/config/token-store.ts';
import { openHub, type OpenedHub } from '../core/hub/index.ts';
import { openRuntime, type Runtime } from '../core/runtime.ts';
import { configuredAccess, startBrowserHost } from '../core/web/host.ts';
import { hubTarget, type HubTarget, onOrigin, pinHubCertificate } from './device.ts';
import { forwardEvents, registerIpc } from './ipc.ts';
import { registerPrint } from './print.ts';
import { hardenContents, hardenSession } from './security.ts';
import { createSafeTokenStore } from './token-store.ts';
import { unreachablePage } from './unreachable.ts';
import { loadBounds, saveBounds } from './window-state.ts';
import { chooseWindowKind, WINDOW_ROLES, type WindowKind, windowOptions } from './windows.ts';

export interface DesktopOptions {
  dataDir: string;
  argv: readonly string[];
  /** The built preload (index.cjs). */
  preload: string;
  /** The built renderer's index.html. */
  renderer: string;
  /** electron-vite's dev server, shown instead of the built files. */
  devUrl?: string;
  log: (line: string) => void;
}

/** A device retries the hub this often while it cannot reach it. */
export const HUB_RETRY_MS = 5_000;

/** The app's windows: the kind of each, and its core session (none on a hub's device: the hub keeps it). */
const windows = new Map<number, { kind: WindowKind; session?: Session }>();
const kindOf = (contents: WebContents | null) => (contents ? windows.get(contents.id)?.kind : undefined);

export async function startDesktop(options: DesktopOptions): Promise<void> {
  const config = createConfigStore(options.dataDir, { log: options.log }).current();
  const target = hubTarget(config);
  const stop = target ? startDevice(options, config, target) : await startOwnCore(options);
  stopBeforeQuit(stop, options.log);
}

/** One window of the given kind, hardened, shown when painted; its bounds kept when it is the desk. */
function openWindow(options: DesktopOptions, kind: WindowKind, appUrl: string, hubDevice: boolean) {
  const bounds = kind === 'desk' ? loadBounds(options.dataDir) : undefined;
  const window = new BrowserWindow(windowOptions(kind, options.preload, bounds, hubDevice));
  if (kind === 'kiosk') window.setMenu(null);
  windows.set(window.webContents.id, { kind });
  hardenContents(window.webContents, appUrl);
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    if (kind === 'desk') saveBounds(options.dataDir, window.getBounds());
  });
  return window;
}

/**
 * With hub.enabled: the site hub on the window's own core (one mirror, one
 * outbox for the window and every device), served as `foyer hub` serves it.
 * Whatever fails here stops the start-up: a hub that silently did not start
 * would leave the site's kiosks on a pairing screen with nobody knowing why.
 */
async function startSiteHub(options: DesktopOptions, runtime: Runtime, core: AppCore, hub: OpenedHub) {
  const host = await startBrowserHost({
    core,
    hub,
    rendererDir: dirname(options.renderer),
    host: runtime.config.hub.host,
    port: runtime.config.hub.port,
    ...configuredAccess(() => runtime.config),
    log: options.log,
  });
  options.log(
    `site hub: devices pair at ${hub.status().urls.join(', ')}; security code ${shortFingerprint(hub.tls.fingerprint)} ` +
      `(the certificate's SHA-256 fingerprint, whole: ${fingerprintGroups(hub.tls.fingerprint).join(' ')})`,
  );
  return host;
}

/** The app on its own core: the mirror and outbox in this data directory, the window over IPC; the hub beside it when enabled. */
async function startOwnCore(options: DesktopOptions): Promise<() => Promise<void>> {
  const { dataDir, log } = options;
  const tokenStore = createSafeTokenStore(dataDir, safeStorage, createFileTokenStore(dataDir));
  const runtime = await openRuntime({ dataDir, tokenStore, log });
  let hub: OpenedHub | undefined;
  let core: AppCore | undefined;
  let host: Awaited<ReturnType<typeof startSiteHub>> | undefined;
  const stop = async () => {
    await host?.close();
    hub?.close();
    core?.close();
    await runtime.close();
  };
  try {
    if (runtime.config.hub.enabled) hub = await openHub({ dataDir, config: () => runtime.config, log });
    core = createAppCore(runtime, { log, ...(hub ? { hub } : {}) });
    if (hub) host = await startSiteHub(options, runtime, core, hub);
    await openCoreWindow(options, runtime, core);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

async function openCoreWindow(options: DesktopOptions, runtime: Runtime, core: AppCore) {
  hardenSession(electronSession.defaultSession, kindOf);
  registerIpc(ipcMain, core, (contents) => windows.get(contents.id)?.session);
  registerPrint(ipcMain, {
    allowed: (contents) => windows.has(contents.id),
    badge: () => runtime.config.kiosk.badge,
  });
  runtime.engine.start();
  // The badges it prints on the site's label printers, those a restart found queued too.
  runtime.printing.start();

  const kind = chooseWindowKind(options.argv, runtime.config.appMode);
  const appUrl = options.devUrl ?? `file://${options.renderer}`;
  const window = openWindow(options, kind, appUrl, false);
  const roles = WINDOW_ROLES[kind];
  // Kept by the core (the PIN limit and the idle lock hold here as in a browser); a window's session is not evicted.
  // The desk window is at the machine: while no admin PIN is set, it asks for the first one (a kiosk window never).
  const session = core.sessions.open(roles.base, roles.max, 'desktop', {
    evictable: false,
    id: `window-${window.webContents.id}`,
    atMachine: kind === 'desk',
  });
  windows.set(window.webContents.id, { kind, session });
  const stopEvents = forwardEvents(core, window.webContents, session);
  window.on('close', () => {
    stopEvents();
    core.sessions.close(session.id);
  });
  if (options.devUrl) await window.loadURL(options.devUrl);
  else await window.loadFile(options.renderer);
}

/**
 * The app as a device of a site hub: only the hub's pinned certificate is
 * trusted, the window stays on the hub's origin, and while the hub cannot
 * be reached the window says so and tries again.
 */
function startDevice(options: DesktopOptions, config: Config, target: HubTarget): () => Promise<void> {
  const { log } = options;
  const configStore = createConfigStore(options.dataDir, { log });
  pinHubCertificate(electronSession.defaultSession, target);
  hardenSession(electronSession.defaultSession, kindOf);
  registerPrint(ipcMain, {
    // Only the hub's own pages print: not the local "cannot reach the hub" page, not anything else.
    allowed: (contents) => windows.has(contents.id) && onOrigin(contents.getURL(), target.origin),
    // Whether a badge is printed is the hub's kiosk setting (the page asks only then); the printer is this machine's.
    badge: () => ({ enabled: true, printer: configStore.current().kiosk.badge.printer }),
  });

  const kind = chooseWindowKind(options.argv, config.appMode);
  const window = openWindow(options, kind, `${target.origin}/`, true);
  log(`a device of the site hub at ${target.origin}; only the certificate ${target.fingerprint} is trusted there`);
  let retry: NodeJS.Timeout | undefined;
  const load = () => window.loadURL(target.url).catch(() => undefined); // a failure is did-fail-load's
  window.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    // -3 is ERR_ABORTED: a load replaced by another, not a failure.
    if (!isMainFrame || code === -3 || !onOrigin(url, target.origin)) return;
    log(`cannot reach the site hub at ${target.origin}: ${description} (${code}); trying again`);
    void window.loadURL(unreachablePage(target, kind, description, configStore.current().kiosk)).catch(() => undefined);
    clearTimeout(retry);
    retry = setTimeout(() => void load(), HUB_RETRY_MS);
  });
  window.on('close', () => clearTimeout(retry));
  void load();
  return () => {
    clearTimeout(retry);
    return Promise.resolve();
  };
}

/** Quitting waits for the core to close (the mirror's last writes, the hub's connections). */
function stopBeforeQuit(stop: () => Promise<void>, log: (line: string) => void) {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    void stop()
      .catch((error: unknown) => log(`while stopping: ${String(error)}`))
      .finally(() => {
        state = 'stopped';
        app.quit();
      });
  });
}
