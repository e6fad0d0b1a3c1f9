/**
 * The user interface end to end in Chromium: the built renderer on the
 * browser host, the host on a real core, the core on the embedded demo
 * service. One page walks through the kiosk, the locked doors, the desk and
 * the admin console, as a person would.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import { today } from '../support/app.ts';
import { ROOT } from '../support/browser.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';

const ADMIN_PIN = '2468';

let app: BrowserApp;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  // The engine starts later, once the page shows the status: the test sees it go live.
  app = await openBrowserApp({ name: 'foyer-e2e-', pins: { admin: ADMIN_PIN } });
  page = await openPage(app, { viewport: { width: 1280, height: 800 } }, pageErrors);
  await page.goto(app.url);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const text = async (selector: string) => (await page.locator(selector).first().textContent()) ?? '';

async function waitForText(selector: string, pattern: RegExp, timeout = 15_000) {
  await page.locator(selector, { hasText: pattern }).first().waitFor({ timeout });
}

/**
 * A guest the kiosk can find now, and the letters to find them by: at the
 * tests' moment (support/clock.ts) the demo world has visits under way with
 * guests still expected.
 */
async function kioskGuest() {
  const admin = createSession('e2e-admin', 'admin');
  const kiosk = createSession('e2e-kiosk', 'kiosk');
  const { guests: expected } = await app.core.call(admin, 'guests.list', {
    ...today(app.now()),
    category: 'expected',
    limit: 500,
  });
  for (const guest of expected) {
    const letters = guest.firstName?.slice(0, 3);
    if (!letters || letters.length < 2) continue;
    const found = await app.core.call(kiosk, 'kiosk.lookup', { text: letters });
    if (found.some((g) => g.invitationId === guest.invitationId && g.category === 'expected'))
      return { guest, letters };
  }
  throw new Error('the kiosk finds none of the guests still expected today');
}

describe('Foyer in a browser', () => {
  it('opens as a kiosk', async () => {
    await page.locator('[data-testid=kiosk]').waitFor();
    expect(await page.locator('[data-testid=sync-status]').count()).toBe(0);
    expect(await text('[data-testid=kiosk-intro]')).toBe('Please check in for your visit.');
  });

  it('speaks the language the guest picks', async () => {
    await page.click('[data-testid=language-button]');
    await page.click('[data-testid=language-DE]');
    await waitForText('[data-testid=kiosk-intro]', /^Bitte melden Sie sich für Ihren Besuch an\.$/);
    expect(await text('[data-testid=kiosk-title]')).toBe('Willkommen');
    expect(await page.getAttribute('[data-testid=kiosk-search]', 'placeholder')).toBe('Vor- oder Nachnamen eingeben');
    await page.click('[data-testid=language-button]');
    await page.click('[data-testid=language-EN]');
    await waitForText('[data-testid=kiosk-intro]', /^Please check in for your visit\.$/);
  });

  it('refuses admin operations to a kiosk session', async () => {
    const answer = await page.evaluate(async () => {
      const response = await fetch('/app/outbox.list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: response.status, body: (await response.json()) as { error: { code: string } } };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });

  it('unlocks with the admin PIN and shows the sync status going live', async () => {
    await page.click('[data-testid=staff-button]');
    await page.locator('[data-testid=pin-pad]').waitFor();
    await page.keyboard.type(ADMIN_PIN);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=desk]').waitFor();
    expect(await text('[data-testid=role]')).toBe('Admin');

    // Nothing has been pulled yet: the bar says it is still reaching the service.
    expect(await text('[data-testid=sync-state]')).toMatch(/Contacting|Connecting/);
    await page.evaluate('window.notReloaded = true');
    app.runtime.engine.start();
    await waitForText('[data-testid=sync-state]', /^Online$/, 30_000);
    await waitForText('[data-testid=sync-last]', /Last sync (just now|\d+ s ago)/);
    // The same page, told by the event stream: no reload happened.
    expect(await page.evaluate('window.notReloaded')).toBe(true);
  }, 45_000);

  it('lists guests at the desk and opens the admin outbox', async () => {
    // Today's guests at this location: how many are still expected, on site or gone depends on the time
    // of day, so the list looked at is whichever holds the most of them.
    const categories = ['expected', 'onsite', 'left'] as const;
    const counts = async () =>
      Promise.all(categories.map(async (c) => Number(await text(`[data-testid=tab-count-${c}]`))));
    await expect.poll(async () => (await counts()).reduce((a, b) => a + b), { timeout: 15_000 }).toBeGreaterThan(10);
    const today = await counts();
    const busiest = today.indexOf(Math.max(...today));
    await page.click(`[data-testid=tab-${categories[busiest]}]`);
    await page.locator('[data-testid=guest-row]').first().waitFor({ timeout: 15_000 });
    // A page of the list at most (the desk's own e2e test shows the virtualised list at 20,000 guests).
    const rows = await page.locator('[data-testid=guest-row]').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(Math.min(today[busiest]!, 50));
    await page.fill('[data-testid=desk-search]', 'a');
    await waitForText('[data-testid=list-caption]', /\d+ match(es)? for “a”/);
    await page.fill('[data-testid=desk-search]', '');

    // The evacuation list names the location and counts the people on site.
    await page.click('[data-testid=evacuation-button]');
    await page.locator('[data-testid=evacuation]').waitFor();
    expect(await text('[data-testid=evacuation-location]')).toBe('Berlin HQ');
    expect(Number(await text('[data-testid=evacuation-count] strong'))).toBe(
      app.runtime.mirror.guests.onSite(10).length,
    );
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=evacuation]').waitFor({ state: 'detached' });

    await page.click('[data-testid=area-admin]');
    await page.click('[data-testid=tab-outbox]');
    await page.locator('[data-testid=outbox]').waitFor();
    await page.click('[data-testid=area-desk]');
  });

  it('pushes a file with errors from the admin console, valid rows only, and downloads its results', async () => {
    await page.click('[data-testid=area-admin]');
    await page.click('[data-testid=tab-push]');
    await page.setInputFiles('[data-testid=file-input]', join(ROOT, 'resources/samples/identities-with-errors.csv'));
    await page.locator('[data-testid=preview]').waitFor();
    expect(Number(await text('[data-testid=preview-valid]'))).toBeGreaterThan(0);
    expect(Number(await text('[data-testid=preview-invalid]'))).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=issues] tbody tr').count()).toBeGreaterThan(0);
    expect(await text('[data-testid=queue-button]')).toMatch(/only/);
    await page.click('[data-testid=queue-button]');
    await page.locator('[data-testid=queued]').waitFor();

    await page.click('[data-testid=tab-outbox]');
    const row = page.locator('[data-testid=outbox-row]', { hasText: 'identities-with-errors.csv' }).first();
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByText('Results CSV').click()]);
    expect(download.suggestedFilename()).toMatch(/^foyer-results-\d+\.csv$/);
    await page.click('[data-testid=area-desk]');
  });

  it('finds a demo guest at the kiosk by name and checks them in', async () => {
    const { guest, letters } = await kioskGuest();
    await page.click('[data-testid=lock]');
    await page.locator('[data-testid=kiosk]').waitFor();

    await page.fill('[data-testid=kiosk-search]', letters);
    const card = page.locator(`[data-testid=kiosk-result][data-id="${guest.invitationId}"]`);
    await card.waitFor();
    // The kiosk shows the first name and the last initial, never the full last name.
    const shown = await card.innerText();
    expect(shown).toContain(`${guest.firstName} ${guest.lastName!.charAt(0).toUpperCase()}.`);
    if (guest.lastName!.length > 2) expect(shown).not.toContain(guest.lastName!);
    await card.click();
    await page.click('[data-testid=kiosk-confirm-button]');
    await page.locator('[data-testid=kiosk-done]').waitFor();
    expect(await text('[data-testid=kiosk-done] h1')).toContain(guest.firstName!);

    const admin = createSession('e2e-check', 'admin');
    const after = await app.core.call(admin, 'guests.get', { invitationId: guest.invitationId });
    expect(after?.category).toBe('onsite');
    await page.click('[data-testid=kiosk-done-button]');
    await page.locator('[data-testid=kiosk-search]').waitFor();
  });

  it('ran without errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
