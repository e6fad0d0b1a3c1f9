/**
 * The audit log and the visitor log in Chromium: the admin sees the staff
 * actions made at other screens (a browser desk, a paired device's name),
 * filters them by action, and the desk's "Visitor log…" offers its days.
 * Screens are checked with axe and saved in test-results/screens/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import { axeViolations, SCREENS } from '../support/browser.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';
import { today } from '../support/app.ts';

const ADMIN_PIN = '2468';
let app: BrowserApp;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  app = await openBrowserApp({
    name: 'foyer-e2e-audit-',
    pins: { admin: ADMIN_PIN, desk: '1357' },
    prepare: async ({ core, now }) => {
      const desk = createSession('e2e-desk', 'desk', 'desk', 'ip:192.0.2.7');
      await core.call(desk, 'sync.now', { full: true });
      const { guests } = await core.call(desk, 'guests.list', {
        ...today(now()),
        category: 'expected',
        offset: 0,
        limit: 3,
      });
      for (const guest of guests)
        await core.call(desk, 'guests.transition', { invitationId: guest.invitationId, action: 'checkIn' });
      await core.call(desk, 'guests.revealPin', { invitationId: guests[0]!.invitationId });
      await core.call(desk, 'guests.transition', { invitationId: guests[1]!.invitationId, action: 'undo' });
    },
  });
  page = await openPage(app, { viewport: { width: 1280, height: 900 } }, pageErrors);
  await page.goto(app.url);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('the audit log in the admin console', () => {
  it('lists the staff actions with their screen and role, filtered by action', async () => {
    await page.click('[data-testid=staff-button]');
    await page.locator('[data-testid=pin-pad]').waitFor();
    await page.keyboard.type(ADMIN_PIN);
    await page.keyboard.press('Enter');
    await page.click('[data-testid=area-admin]');
    await page.click('[data-testid=tab-audit]');
    await page.locator('[data-testid=audit-row]').first().waitFor();
    // The desk's five actions, and this admin's unlock, newest first.
    expect(await page.locator('[data-testid=audit-row]').count()).toBe(6);
    expect(await page.locator('[data-testid=audit-row]').first().textContent()).toMatch(/Unlocked the admin role/);
    const desk = await page.locator('[data-testid=audit-row]').nth(1).textContent();
    expect(desk).toContain('browser 192.0.2.7');
    // Guests by name, with the invitation id that stays true when a name changes.
    expect(desk).toMatch(/\(invitation \d+\)/);
    await page.screenshot({ path: join(SCREENS, 'admin-audit.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // Actions in words, in the filter as in the rows.
    // (a sentence may say "check-in"; an action key such as pin-reveal or undo-bulk-check-out is not shown)
    expect(desk).not.toMatch(/pin-reveal|undo-|-check-(in|out)\b/);
    await page.selectOption('[data-testid=audit-action]', { label: 'Check-in' });
    await page.waitForFunction("document.querySelectorAll('[data-testid=audit-row]').length === 3");
    expect(pageErrors).toEqual([]);
  });

  it('the desk offers the visitor log of chosen days', async () => {
    await page.click('[data-testid=area-desk]');
    await page.click('[data-testid=visitor-log-button]');
    await page.locator('[data-testid=visitor-log]').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click({ timeout: 5000 });
    expect((await download).suggestedFilename()).toMatch(/^foyer-visitors-\d{4}-\d{2}-\d{2}\.csv$/);
    // The demo service's day already holds arrivals: what counts is the note naming the file it saved.
    await page.locator('.visitor-log-note', { hasText: /^(\d+ visits? in |Saved )foyer-visitors-/ }).waitFor();
    await page.screenshot({ path: join(SCREENS, 'desk-visitor-log.png') });
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
