/**
 * A walk-in end to end in Chromium, the service stopped: a visitor who is
 * not on the list registers at the kiosk (1080 x 1920, the on-screen
 * keyboard), a desk in another browser approves within seconds, the kiosk
 * welcomes them as it welcomes an invited guest (the same screen, their
 * badge printed at once with their pass, the same countdown back to the
 * start), they count on the evacuation list at once, and when the service
 * is back it holds exactly one invitation and one check-in for them.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import { cleanup, type Service, startServiceOn, tempDir } from '../integration/outbox/helpers.ts';
import { until } from '../support/until.ts';
import { type BrowserApp, openBrowserApp } from '../support/browser-app.ts';
import { installClock, printRequests, SCREENS, stubPrint } from '../support/browser.ts';

const DESK_PIN = '2580';
/** How long the success screen stays (DONE_SECONDS in renderer/src/features/kiosk/DoneStep.tsx). */
const DONE_SECONDS = 15;
const desk = createSession('e2e-walk-in-desk', 'desk', 'desk');
let service: Service;
let serviceDir: string;
let port: number;
let app: BrowserApp;
let kiosk: Page;
let deskPage: Page;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

async function newPage(viewport: { width: number; height: number }, touch: boolean): Promise<Page> {
  const context = await app.browser.newContext({ viewport, hasTouch: touch });
  // A badge would open the print dialog, which waits for a person: the stub counts the prints instead.
  await stubPrint(context);
  contexts.push(context);
  const page = await context.newPage();
  // The page's clock, running at real speed from the core's now: the welcome's countdown is run on by the test.
  await installClock(page, app.now());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

/** Types on the kiosk's on-screen keyboard, key by key, as a finger does. */
async function tap(text: string) {
  for (const char of text.toLowerCase()) {
    const key = char === ' ' ? '{space}' : char;
    await kiosk.locator(`[data-testid=kiosk-keyboard] [data-skbtn="${key}"]`).first().click();
  }
}

beforeAll(async () => {
  serviceDir = tempDir('foyer-e2e-walk-in-svc-');
  service = await startServiceOn(serviceDir);
  port = service.port;
  app = await openBrowserApp({
    name: 'foyer-e2e-walk-in-',
    service: { baseUrl: service.baseUrl },
    // The service here runs on the wall clock (it is stopped and started again on its port), so the app does too.
    now: Date.now,
    pins: { desk: DESK_PIN },
    prepare: async (opened) => {
      await opened.runtime.engine.syncNow();
      opened.runtime.configStore.update((c) => ({
        ...c,
        kiosk: { ...c.kiosk, badge: { ...c.kiosk.badge, enabled: true } },
      }));
    },
  });
  await service.close();
  kiosk = await newPage({ width: 1080, height: 1920 }, true);
  deskPage = await newPage({ width: 1440, height: 900 }, false);
  await kiosk.goto(app.url);
  await deskPage.goto(app.url);
  await deskPage.click('[data-testid=staff-button]');
  await deskPage.locator('[data-testid=pin-pad]').waitFor();
  await deskPage.keyboard.type(DESK_PIN);
  await deskPage.keyboard.press('Enter');
  await deskPage.locator('[data-testid=walk-ins]').waitFor();
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await app?.close();
  await cleanup();
});

describe('a walk-in with the service down', () => {
  it('registers at the kiosk, is approved at the desk within seconds, and is welcomed', async () => {
    await kiosk.click('[data-testid=kiosk-walk-in]');
    await kiosk.locator('[data-testid=walk-in-form]').waitFor();
    await tap('Peter');
    await kiosk.click('[data-testid=walk-in-lastName]');
    await tap('Brandt');
    await kiosk.click('[data-testid=walk-in-host]');
    await tap('Hop');
    await kiosk.locator('[data-testid=walk-in-host]', { hasText: 'Grace Hopper' }).click();
    await kiosk.screenshot({ path: join(SCREENS, 'walk-in-form-1080x1920.png') });
    await kiosk.click('[data-testid=walk-in-submit]');
    await kiosk.locator('[data-testid=walk-in-waiting]').waitFor();

    const shownAt = performance.now();
    const request = deskPage.locator('[data-testid=walk-in-request]', { hasText: 'Peter Brandt' });
    await request.waitFor({ timeout: 5_000 });
    expect(performance.now() - shownAt).toBeLessThan(3_000);
    await expect(request.textContent()).resolves.toContain('Grace Hopper');
    await deskPage.screenshot({ path: join(SCREENS, 'walk-in-desk-1440x900.png') });
    const printsBefore = await printRequests(kiosk);
    await request.locator('[data-testid=walk-in-approve]').click();
    await request.waitFor({ state: 'detached' });

    // The invited guest's welcome, with the host; the badge printed once, with the walk-in's own signed pass.
    const done = kiosk.locator('[data-testid=kiosk-done]');
    await done.waitFor({ timeout: 5_000 });
    await expect(kiosk.locator('[data-testid=kiosk-done] h1').textContent()).resolves.toBe('Welcome, Peter Brandt!');
    await expect(kiosk.locator('[data-testid=kiosk-host]').textContent()).resolves.toContain('Grace Hopper');
    await kiosk.locator('[data-testid=kiosk-badge-note]').waitFor();
    await expect.poll(() => printRequests(kiosk), { timeout: 5_000 }).toBe(printsBefore + 1);
    const badge = kiosk.locator('[data-testid=kiosk-print-badge] [data-testid=visitor-badge]');
    await expect(badge.count()).resolves.toBe(1);
    await expect(badge.locator('[data-testid=visitor-badge-name]').textContent()).resolves.toBe('Peter Brandt');
    await expect(badge.locator('.visitor-badge-host').textContent()).resolves.toContain('Grace Hopper');
    await expect(badge.locator('.visitor-badge-qr').getAttribute('aria-label')).resolves.toMatch(/^F2-\d+-\w{8}$/);
    await expect(kiosk.locator('[data-testid=kiosk-see-reception]').count()).resolves.toBe(0);
    await kiosk.screenshot({ path: join(SCREENS, 'walk-in-welcome-1080x1920.png') });

    // It closes as an invited guest's does (DONE_SECONDS), not after the kiosk's idle minute.
    await expect(kiosk.locator('.kiosk-countdown').textContent()).resolves.toMatch(/closes in 1[45] s/);
    await kiosk.clock.runFor(DONE_SECONDS * 1000 + 1000);
    await done.waitFor({ state: 'detached', timeout: 5_000 });
    await kiosk.locator('[data-testid=kiosk-walk-in]').waitFor();
    expect(await printRequests(kiosk)).toBe(printsBefore + 1);

    const evacuation = await app.core.call(desk, 'guests.evacuationList', {});
    expect(evacuation.guests.filter((g) => g.lastName === 'Brandt')).toEqual([
      expect.objectContaining({ pending: true, category: 'onsite' }),
    ]);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('shows exactly one invitation and one check-in at the service once it is back', async () => {
    service = await startServiceOn(serviceDir, { port });
    const rows = () =>
      service.db
        .prepare(
          `SELECT i.id, k.state FROM invitations i JOIN events e ON e.id = i.event_id
           LEFT JOIN check_ins k ON k.id = i.id WHERE e.name = 'Walk-in for Grace Hopper'`,
        )
        .all() as { id: number; state: string | null }[];
    await until(
      async () => {
        await app.runtime.engine.syncNow();
        return rows()[0]?.state === 'CHECKED_IN';
      },
      'the walk-in checked in at the service',
      { every: 250, timeout: 40_000 },
    );
    expect(rows()).toEqual([{ id: expect.any(Number), state: 'CHECKED_IN' }]);
  }, 60_000);
});
