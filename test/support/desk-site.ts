/**
 * A large site for the desk's end-to-end test and benchmark: the reference
 * service with the demo week scaled to N invitations, a core whose mirror
 * holds them (a full sync), the browser host with a desk PIN, and Chromium.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { type AppCore, createAppCore } from '../../electron/core/app/core.ts';
import { hashPin } from '../../electron/core/app/pins.ts';
import { createSession } from '../../electron/core/app/session.ts';
import { createConfigStore } from '../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../electron/core/config/token-store.ts';
import { openRuntime, type Runtime } from '../../electron/core/runtime.ts';
import { startBrowserHost } from '../../electron/core/web/host.ts';
import { DEMO_TOKEN, DEMO_WORLD_PATH } from '../../service/demo/world-path.ts';
import { startService, type RunningService } from '../../service/index.ts';
import { loadWorldFile } from '../../service/world.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER = join(ROOT, 'out', 'renderer');
export const DESK_PIN = '1357';

/** The newest change under a folder, so that a stale build is rebuilt rather than tested. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export function ensureBuilt(): void {
  const index = join(RENDERER, 'index.html');
  const sources = Math.max(newest(join(ROOT, 'renderer')), newest(join(ROOT, 'shared', 'contract')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 180_000 });
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface DeskSite {
  service: RunningService;
  runtime: Runtime;
  core: AppCore;
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The site, its mirror filled; the engine is not started (callers decide). */
export async function openDeskSite(invitations: number): Promise<DeskSite> {
  ensureBuilt();
  const serviceDir = mkdtempSync(join(tmpdir(), 'foyer-desk-svc-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-desk-data-'));
  const service = await startService({
    world: loadWorldFile(DEMO_WORLD_PATH),
    dbPath: join(serviceDir, 'service.db'),
    host: '127.0.0.1',
    port: 0,
    demo: { invitations },
  });
  const store = createConfigStore(dataDir);
  store.write({
    ...store.read(),
    baseUrl: service.baseUrl,
    companyId: 1,
    locationId: 10,
    pins: { desk: hashPin(DESK_PIN) },
  });
  createFileTokenStore(dataDir).set(DEMO_TOKEN);
  const runtime = await openRuntime({ dataDir });
  const core = createAppCore(runtime);
  await core.call(createSession('site-setup', 'admin', 'admin'), 'sync.now', { full: true });
  const host = await startBrowserHost({ core, rendererDir: RENDERER, port: 0, pinsSet: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    service,
    runtime,
    core,
    url: host.url,
    browser,
    async close() {
      await browser.close();
      await host.close();
      await runtime.close();
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(serviceDir, { recursive: true, force: true });
    },
  };
}
