/**
 * A large site for the desk's end-to-end test and benchmark: the reference
 * service with the demo week scaled to N invitations, a core whose mirror
 * holds them (a full sync), the browser host with a desk PIN, and Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
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

import { ensureBuilt, launchChromium, RENDERER } from './browser.ts';
export const DESK_PIN = '1357';

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
  const browser = await launchChromium();
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
