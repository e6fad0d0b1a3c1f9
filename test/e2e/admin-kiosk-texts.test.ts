/**
 * The admin console's kiosk texts in Chromium: a welcome title per language
 * (an older single title shown at the start language) and the badge's
 * language with its preview, saved; then the kiosk form saved after it
 * leaves both as they are. Screenshot in test-results/screens/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import { axeViolations, SCREENS } from '../support/browser.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';

const ADMIN_PIN = '2468';
let app: BrowserApp;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  app = await openBrowserApp({
    name: 'foyer-e2e-admin-texts-',
    pins: { admin: ADMIN_PIN },
    // A site in Germany whose config file has one title, as older versions wrote it.
    prepare: async ({ core }) => {
      await core.call(createSession('e2e-texts-admin', 'admin'), 'settings.setKiosk', {
        defaultLanguage: 'DE',
        welcomeTitle: 'Willkommen bei Kranich',
      });
    },
  });
  page = await openPage(app, { viewport: { width: 1280, height: 900 } }, pageErrors);
  await page.goto(app.url);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const form = () => page.locator('[data-testid=kiosk-texts]');

describe('kiosk texts in the admin console', () => {
  it('opens the settings as admin', async () => {
    await page.click('[data-testid=staff-button]');
    await page.locator('[data-testid=pin-pad]').waitFor();
    await page.keyboard.type(ADMIN_PIN);
    await page.keyboard.press('Enter');
    await page.click('[data-testid=area-admin]');
    await page.click('[data-testid=tab-settings]');
    await form().waitFor();
  });

  it('saves a title per language and the badge’s language, and previews the badge in it', async () => {
    // The start language first; an empty title shows what a guest of that language reads instead.
    const inputs = form().locator('input[data-testid^=setting-title-]');
    expect(await inputs.first().getAttribute('data-testid')).toBe('setting-title-DE');
    // The older single title is the start language's; a language without one shows what its guests read.
    expect(await page.inputValue('[data-testid=setting-title-DE]')).toBe('Willkommen bei Kranich');
    expect(await page.getAttribute('[data-testid=setting-title-TR]', 'placeholder')).toBe('Willkommen bei Kranich');
    await page.fill('[data-testid=setting-title-DE]', '');
    expect(await page.getAttribute('[data-testid=setting-title-TR]', 'placeholder')).toBe('Hoş geldiniz');
    await page.fill('[data-testid=setting-title-DE]', 'Willkommen bei Kranich');
    await page.fill('[data-testid=setting-title-EN]', '  Welcome to Kranich ');
    expect(await form().locator('.visitor-badge-kind').textContent()).toBe('Besucher');
    await page.selectOption('[data-testid=setting-badge-language]', 'EN');
    expect(await form().locator('.visitor-badge-kind').textContent()).toBe('Visitor');
    expect(await form().locator('[data-testid=visitor-badge-door-pin]').textContent()).toBe('Door PIN: 482915');
    await form().locator('button[type=submit]').click();
    await form().locator('.saved').waitFor();
    expect(app.runtime.config.kiosk.welcomeTitle).toEqual({ DE: 'Willkommen bei Kranich', EN: 'Welcome to Kranich' });
    expect(app.runtime.config.kiosk.badge.language).toBe('EN');
    expect(await page.inputValue('[data-testid=setting-title-EN]')).toBe('Welcome to Kranich');
    await form().scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 1280, height: 1500 });
    await form().screenshot({ path: join(SCREENS, 'admin-kiosk-texts.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a save of the kiosk form afterwards leaves the texts and the badge’s language as saved', async () => {
    const kiosk = page.locator('[data-testid=kiosk-settings]');
    await page.fill('[data-testid=setting-idle]', '75');
    await kiosk.locator('button[type=submit]').click();
    await kiosk.locator('.saved').waitFor();
    expect(app.runtime.config.kiosk.idleSeconds).toBe(75);
    expect(app.runtime.config.kiosk.welcomeTitle).toEqual({ DE: 'Willkommen bei Kranich', EN: 'Welcome to Kranich' });
    expect(app.runtime.config.kiosk.badge.language).toBe('EN');
  });

  it('ran without errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
