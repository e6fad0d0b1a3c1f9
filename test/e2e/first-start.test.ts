/**
 * First start without a terminal, in Chromium as a person at the machine sees
 * it: Foyer with no PIN at all, opened in a browser on the machine itself,
 * asks for the first admin PIN, opens the admin console, and there every
 * setting that was CLI only is set, each refusal shown at its field.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPin } from '../../electron/core/access/pins.ts';
import { createConfigStore } from '../../electron/core/config/config.ts';
import { axeViolations, SCREENS } from '../support/browser.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';

const FIRST_PIN = '80241';

let app: BrowserApp;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  app = await openBrowserApp({ name: 'foyer-e2e-first-start-' });
  page = await openPage(app, { viewport: { width: 1280, height: 900 } }, pageErrors);
  await page.goto(app.url);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const config = () => createConfigStore(app.dataDir).read();

/** The whole screen as a PNG (the viewport grows to the admin area's scrolled height), and no axe violation. */
async function shot(name: string) {
  const height = (await page.evaluate(`(() => {
    const body = document.querySelector('.admin-body');
    return Math.ceil((body ? body.scrollHeight + body.getBoundingClientRect().top : 0) + 24);
  })()`)) as number;
  await page.setViewportSize({ width: 1280, height: Math.max(900, height) });
  await page.screenshot({ path: join(SCREENS, `first-start-${name}.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await axeViolations(page), name).toEqual([]);
}

describe('first start without a terminal', () => {
  it('asks for the first admin PIN instead of opening the kiosk', async () => {
    await page.locator('[data-testid=first-start]').waitFor();
    expect(await page.locator('[data-testid=kiosk]').count()).toBe(0);
    await shot('screen');
  });

  it('says at each field what is wrong, then sets the PIN and opens the admin console', async () => {
    await page.fill('[data-testid=first-pin]', '12');
    await page.fill('[data-testid=first-pin-again]', '12');
    await page.click('[data-testid=first-pin-submit]');
    await page.locator('[data-testid=first-pin-error]', { hasText: 'A PIN is 4 to 12 digits.' }).waitFor();
    await page.fill('[data-testid=first-pin]', FIRST_PIN);
    await page.fill('[data-testid=first-pin-again]', '80242');
    await page.locator('[data-testid=first-pin-again-error]', { hasText: 'The two PINs differ.' }).waitFor();
    expect(config().pins.admin).toBeUndefined();

    await page.fill('[data-testid=first-pin-again]', FIRST_PIN);
    await page.click('[data-testid=first-pin-submit]');
    await page.locator('[data-testid=admin]').waitFor();
    await page.locator('[data-testid=settings]').waitFor();
    expect(await page.locator('[data-testid=role]').textContent()).toBe('Admin');
    expect(await verifyPin(FIRST_PIN, config().pins.admin)).toBe(true);
    // A reload keeps the admin session (its new cookie), and no longer asks.
    await page.reload();
    await page.locator('[data-testid=role]', { hasText: 'Admin' }).waitFor();
    expect(await page.locator('[data-testid=first-start]').count()).toBe(0);
    await page.click('[data-testid=area-admin]');
    await page.locator('[data-testid=admin]').waitFor();
  });

  it('sets the kiosk’s time zone and, by trying a code, the service’s QR pattern', async () => {
    await page.click('[data-testid=tab-settings]');
    const form = page.locator('[data-testid=kiosk-zone-codes]');
    await form.waitFor();
    await form.scrollIntoViewIfNeeded();
    await page.fill('[data-testid=setting-time-zone]', 'Mars/Olympus');
    await form.locator('.error-text', { hasText: 'Not a time zone' }).waitFor();
    await page.fill('[data-testid=setting-time-zone]', 'Europe/Berlin');

    await page.fill('[data-testid=service-code-sample]', 'https://visit.example.com/i/4711');
    await page.locator('[data-testid=service-code-result]', { hasText: 'no pattern is set' }).waitFor();
    await page.click('[data-testid=service-pattern-from-sample]');
    expect(await page.inputValue('[data-testid=setting-service-pattern]')).toBe(
      '^https://visit\\.example\\.com/i/(\\d+)$',
    );
    await page.locator('[data-testid=service-code-result]', { hasText: 'This code opens invitation 4711.' }).waitFor();
    await page.fill('[data-testid=service-code-sample]', 'https://visit.example.com/e/4711');
    await page
      .locator('[data-testid=service-code-result]', { hasText: 'the pattern does not match this code' })
      .waitFor();
    await page.fill('[data-testid=setting-service-pattern]', '^(\\w+)/(\\d+)$');
    await form.locator('.error-text', { hasText: 'exactly one pair of brackets' }).waitFor();
    await page.fill('[data-testid=setting-service-pattern]', '^https://visit\\.example\\.com/i/(\\d+)$');
    await form.locator('button[type=submit]').click();
    await form.locator('.saved').waitFor();
    expect(config().kiosk).toMatchObject({
      timeZone: 'Europe/Berlin',
      codes: { servicePattern: '^https://visit\\.example\\.com/i/(\\d+)$' },
    });
    await shot('kiosk-codes');
  });

  it('sets the staff idle time and the host names, refusing a bad name on its line', async () => {
    const form = page.locator('[data-testid=site-access-form]');
    await form.scrollIntoViewIfNeeded();
    await page.fill('[data-testid=setting-staff-idle]', '0');
    await form.locator('.error-text', { hasText: 'A whole number from 1 to 1440.' }).waitFor();
    await page.fill('[data-testid=setting-staff-idle]', '30');
    await page.fill('[data-testid=setting-allowed-hosts]', 'reception.example.lan\nfront desk');
    await form.locator('.error-text', { hasText: 'Line 2 (“front desk”)' }).waitFor();
    await page.fill('[data-testid=setting-allowed-hosts]', 'Reception.Example.LAN\n192.168.1.20');
    await form.locator('button[type=submit]').click();
    await form.locator('.saved').waitFor();
    expect(config()).toMatchObject({
      staffIdleMinutes: 30,
      allowedHosts: ['reception.example.lan', '192.168.1.20'],
    });
  });

  it('turns hub mode on for the next start, saying so', async () => {
    const form = page.locator('[data-testid=hub-form]');
    await form.scrollIntoViewIfNeeded();
    await page.check('[data-testid=setting-hub-enabled]');
    await page.fill('[data-testid=setting-hub-port]', '70000');
    await form.locator('.error-text', { hasText: 'A port from 1 to 65535' }).waitFor();
    await page.fill('[data-testid=setting-hub-port]', '6443');
    await form.locator('button[type=submit]').click();
    await form.locator('.saved').waitFor();
    await page.locator('[data-testid=hub-restart]', { hasText: 'for the hub to start' }).waitFor();
    expect(config().hub).toEqual({ enabled: true, host: '0.0.0.0', port: 6443 });
  });

  it('sets the site key: a bad key refused at its field by the core, then a new one generated, never shown', async () => {
    const form = page.locator('[data-testid=site-key-form]');
    await form.scrollIntoViewIfNeeded();
    expect(await page.locator('[data-testid=site-key-state]').textContent()).toBe('not set yet');
    await page.fill('[data-testid=setting-site-key]', 'too short');
    await form.locator('button[type=submit]').click();
    await form.locator('.error-text', { hasText: '22 to 200 characters without spaces' }).waitFor();
    expect(existsSync(join(app.dataDir, 'site-key'))).toBe(false);
    await page.click('[data-testid=site-key-generate]');
    await page.locator('[data-testid=site-key-state]', { hasText: /^set$/ }).waitFor();
    expect(existsSync(join(app.dataDir, 'site-key'))).toBe(true);
    // Replacing a key that exists asks for a confirmation first.
    expect(await page.locator('[data-testid=site-key-generate]').isDisabled()).toBe(true);
    await shot('site');
    expect(pageErrors).toEqual([]);
  });
});
