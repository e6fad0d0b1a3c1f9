/**
 * The app in Chromium, as the end-to-end tests drive it: the built renderer
 * on the browser host, the host on a real core (support/app.ts), and
 * Debian's Chromium (support/browser.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { startBrowserHost } from '../../electron/core/web/host.ts';
import { type AppOptions, openApp, type TestApp } from './app.ts';
import { ensureBuilt, installClock, launchChromium, RENDERER, stubPrint } from './browser.ts';
import { clockFrom, E2E_MOMENT } from './clock.ts';

export interface BrowserApp extends TestApp {
  /** The browser host's address (ends with /). */
  url: string;
  browser: Browser;
  /** Closes the browser, the host and the runtime, and removes the data directory. */
  close(): Promise<void>;
}

export interface BrowserAppOptions extends AppOptions {
  /** Prefix of the temporary data directory. */
  name: string;
  /** What to do on the core before the host serves it (start the engine, sync, put guests in). */
  prepare?: (app: TestApp) => Promise<void> | void;
}

/** The app on its browser host; its clock starts at E2E_MOMENT (support/clock.ts) unless `now` says otherwise. */
export async function openBrowserApp({ name, prepare, ...options }: BrowserAppOptions): Promise<BrowserApp> {
  ensureBuilt();
  const now = options.now ?? clockFrom(E2E_MOMENT);
  const dataDir = mkdtempSync(join(tmpdir(), name));
  let app: TestApp | undefined;
  let host: Awaited<ReturnType<typeof startBrowserHost>> | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await host?.close();
    await app?.runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    app = await openApp(dataDir, { ...options, now });
    await prepare?.(app);
    host = await startBrowserHost({ core: app.core, rendererDir: RENDERER, port: 0, pinsSet: true });
    browser = await launchChromium();
    return { ...app, url: host.url, browser, close };
  } catch (error) {
    // What did open is closed here: the caller has nothing to close.
    await close().catch(() => undefined);
    throw error;
  }
}

/**
 * A new page of the app whose uncaught errors are collected into `errors`
 * (tests expect none), whose print() only counts (see stubPrint), and whose
 * clock is the app's: Playwright's clock, installed at the core's "now" and
 * running on from it, so that the renderer's today is the core's.
 */
export async function openPage(
  app: Pick<BrowserApp, 'browser' | 'now'>,
  options: BrowserContextOptions,
  errors: string[],
): Promise<Page> {
  const page = await app.browser.newPage(options);
  await stubPrint(page);
  await installClock(page, app.now());
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}
