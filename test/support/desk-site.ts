/**
 * A large site for the desk's end-to-end test and benchmark: the reference
 * service with the demo week scaled to N invitations, a core whose mirror
 * holds them (a full sync), the browser host with a desk PIN, and Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createSession } from '../../electron/core/access/session.ts';
import { DEMO_TOKEN, DEMO_WORLD_PATH } from '../../service/demo/world-path.ts';
import { startService, type RunningService } from '../../service/index.ts';
import { loadWorldFile } from '../../service/world.ts';
import { type BrowserApp, openBrowserApp } from './browser-app.ts';
import { clockFrom, E2E_MOMENT } from './clock.ts';

export const DESK_PIN = '1357';

export interface DeskSite extends BrowserApp {
  service: RunningService;
}

/**
 * The site, its mirror filled; the engine is not started (callers decide).
 * The service's demo week and the core are built around one clock, from `at`.
 */
export async function openDeskSite(invitations: number, at = E2E_MOMENT): Promise<DeskSite> {
  const now = clockFrom(at);
  const serviceDir = mkdtempSync(join(tmpdir(), 'foyer-desk-svc-'));
  const service = await startService({
    world: loadWorldFile(DEMO_WORLD_PATH),
    dbPath: join(serviceDir, 'service.db'),
    host: '127.0.0.1',
    port: 0,
    demo: { invitations },
    now,
  });
  const app = await openBrowserApp({
    name: 'foyer-desk-data-',
    service: { baseUrl: service.baseUrl, token: DEMO_TOKEN },
    config: { companyId: 1, locationId: 10 },
    pins: { desk: DESK_PIN },
    now,
    prepare: async ({ core }) => {
      await core.call(createSession('site-setup', 'admin', 'admin'), 'sync.now', { full: true });
    },
  });
  return {
    ...app,
    service,
    async close() {
      await app.close();
      await service.close();
      rmSync(serviceDir, { recursive: true, force: true });
    },
  };
}

/** Unlocks the desk with its PIN, as a receptionist does; the time (ms) from Enter until the first row shows. */
export async function unlockDesk(page: Page, timeout: number): Promise<number> {
  await page.click('[data-testid=staff-button]');
  await page.locator('[data-testid=pin-pad]').waitFor();
  await page.keyboard.type(DESK_PIN);
  const started = performance.now();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=guest-row]').first().waitFor({ timeout });
  return performance.now() - started;
}
