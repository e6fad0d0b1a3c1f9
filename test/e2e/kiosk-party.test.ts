/**
 * The kiosk's check-out and parties end to end in Chromium at 1080 × 1920:
 * "Check out" on the start screen asks first and can be undone for 8 s; a
 * guest on site who types their name is offered their door PIN first, not a
 * one-tap check-out; three colleagues check in from one lookup, one check-in
 * each; a name whose visit ended earlier today is told so; with neither
 * badges nor the service's code pattern, no scan is offered.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import type { AppCore } from '../../electron/core/app/core.ts';
import type { Runtime } from '../../electron/core/runtime.ts';
import { HOUR, iso, MINUTE, uid } from '../support/basics.ts';
import { SCREENS } from '../support/browser.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';

let app: BrowserApp;
let runtime: Runtime;
let core: AppCore;
let now: () => number;
let page: Page;
const pageErrors: string[] = [];
const admin = createSession('e2e-party-admin', 'admin');

async function putEvent(name: string, startsAt: number, endsAt: number, people: [string, string][]) {
  const { baseUrl, token } = runtime.embedded!;
  const response = await fetch(`${baseUrl}/events`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      events: [
        {
          sourceId: uid('party-e2e'),
          name,
          startsAt: iso(startsAt),
          endsAt: iso(endsAt),
          locationId: runtime.config.locationId,
          invitations: people.map(([firstName, lastName]) => ({ sourceId: uid('g'), firstName, lastName })),
        },
      ],
    }),
  });
  if (!response.ok) throw new Error(`PUT /events: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  app = await openBrowserApp({
    name: 'foyer-kiosk-party-e2e-',
    pins: { admin: '2468' },
    prepare: async (opened) => {
      ({ runtime, core, now } = opened);
      runtime.engine.start();
      const at = now();
      await putEvent('Workshop', at - HOUR, at + 2 * HOUR, [
        ['Annika', 'Trollhagen'],
        ['Bernd', 'Trollhagen-Ost'],
        ['Carla', 'Wiesengrund'],
      ]);
      await putEvent('Audit', at - HOUR, at + 2 * HOUR, [['Maria', 'Popescu-Feld']]);
      // Ended a few minutes ago: today, whatever the hour the test runs (not before 00:05).
      await putEvent('Early call', at - 2 * HOUR, at - Math.min(5 * MINUTE, (at % (24 * HOUR)) / 2), [
        ['Konrad', 'Spaetling'],
      ]);
      await runtime.engine.syncNow({ full: true });
    },
  });
  page = await openPage(app, { viewport: { width: 1080, height: 1920 }, hasTouch: true }, pageErrors);
  await page.goto(app.url);
  await page.locator('[data-testid=kiosk-keyboard]').waitFor();
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/** Types on the on-screen keyboard, key by key. */
async function tap(text: string) {
  for (const char of text) {
    const key = char === ' ' ? '{space}' : char;
    await page.locator(`[data-testid=kiosk-keyboard] [data-skbtn="${key}"]`).first().click();
  }
}

async function startOver() {
  await page.reload();
  await page.locator('[data-testid=kiosk-keyboard]').waitFor();
}

const state = async (first: string) => {
  const { guests } = await core.call(admin, 'guests.list', {
    from: iso(now() - 12 * HOUR),
    to: iso(now() + 12 * HOUR),
    limit: 500,
  });
  return guests.find((g) => g.firstName === first)?.category;
};

describe('kiosk parties and check-out', () => {
  it('offers no scan where no code can find anyone', async () => {
    expect(await page.locator('[data-testid=kiosk-scan]').count()).toBe(0);
  });

  it('checks three colleagues in from one lookup, one check-in each', async () => {
    await tap('annika');
    await page.locator('[data-testid=kiosk-result]').first().click();
    await page.locator('[data-testid=kiosk-party-member]').nth(1).waitFor();
    const names = await page.locator('[data-testid=kiosk-party-member]').allInnerTexts();
    expect(names.map((n) => n.trim()).sort()).toEqual(['Bernd T.', 'Carla W.']);
    await page.locator('[data-testid=kiosk-party-member]').nth(0).click();
    await page.locator('[data-testid=kiosk-party-member]').nth(1).click();
    await page.screenshot({ path: join(SCREENS, 'kiosk-party-1080x1920.png') });
    await page.click('[data-testid=kiosk-confirm-button]');
    await page.locator('[data-testid=kiosk-party-done]').waitFor();
    expect(await page.locator('[data-testid=kiosk-party-done]').innerText()).toMatch(/Bernd T\.|Carla W\./);
    for (const first of ['Annika', 'Bernd', 'Carla']) expect(await state(first)).toBe('onsite');
  }, 30_000);

  it('offers a guest on site their door PIN first, and checking out only as a second, asked step', async () => {
    await startOver();
    await tap('annika');
    await page.locator('[data-testid=kiosk-result]').first().click();
    await page.locator('[data-testid=kiosk-show-door-pin]').waitFor();
    expect(await page.locator('[data-testid=kiosk-confirm-button]').count()).toBe(0);
    await page.click('[data-testid=kiosk-offer-check-out]');
    expect(await page.locator('[data-testid=kiosk-confirm] h1').innerText()).toBe('Check out Annika T.?');
  });

  it('checks out from the start screen, asking first, and can undo it', async () => {
    await startOver();
    await page.click('[data-testid=kiosk-check-out]');
    await tap('bernd');
    await page.locator('[data-testid=kiosk-result]').first().click();
    expect(await page.locator('[data-testid=kiosk-confirm] h1').innerText()).toBe('Check out Bernd T.?');
    expect(await state('Bernd')).toBe('onsite');
    await page.click('[data-testid=kiosk-confirm-button]');
    await page.locator('[data-testid=kiosk-undo-check-out]').waitFor();
    expect(await state('Bernd')).toBe('left');
    await page.screenshot({ path: join(SCREENS, 'kiosk-check-out-undo-1080x1920.png') });
    await page.click('[data-testid=kiosk-undo-check-out]');
    await page.locator('h1', { hasText: 'You are still checked in, Bernd Trollhagen-Ost.' }).waitFor();
    expect(await state('Bernd')).toBe('onsite');
  }, 30_000);

  it('tells a guest whose visit has ended so, not that there is no invitation', async () => {
    await startOver();
    await tap('konrad spaetling');
    await page.getByText('Your visit has already ended. Please see the reception desk.').waitFor();
  });

  it('ran without errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
