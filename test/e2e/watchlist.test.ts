/**
 * The watchlist at a site hub, end to end in Chromium, with the service
 * stopped: two desks (https://127.0.0.2:PORT and .3) and a lobby kiosk
 * (.4, 1080x1920, touch). The entry "Jürgen Müller (deny)" is pushed; a
 * walk-in typed "Juergen Mueller" at the kiosk is told to see reception,
 * with no reason; both desks show the alert with the entry's note within
 * 1 s. An entry in Cyrillic (Сергей Соловьёв, alert) matches a guest typed
 * in Latin letters, who is checked in all the same; "Not this person" at one
 * desk takes the alert off both, and the same guest checked in again raises
 * no alert.
 *
 * Screens: test-results/screens/watchlist-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import type { DeskGuest } from '../../shared/contract/operations.ts';
import { PINS } from '../integration/hub/site.ts';
import { cleanup } from '../integration/outbox/helpers.ts';
import { axeViolations, SCREENS } from '../support/browser.ts';
import { type E2eSite, launchForHub, openE2eSite, putVisit } from './site-fixture.ts';

const KIOSK = { width: 1080, height: 1920 };
const DESK = { width: 1440, height: 900 };
const ADDRESSES = { reception: '127.0.0.2', office: '127.0.0.3', kiosk: '127.0.0.4' } as const;
type Device = keyof typeof ADDRESSES;
const NOTE = 'Banned after the incident of 3 March; call security';
const LIST = [
  'firstName,lastName,companyName,email,note,action',
  `Jürgen,Müller,,,"${NOTE}",deny`,
  'Сергей,Соловьёв,,,Ask for his escort,alert',
].join('\n');
const SERGEI = { firstName: 'Sergei', lastName: 'Solovyov' } as const;

let site: E2eSite;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages = {} as Record<Device, Page>;
const pageErrors: string[] = [];
let guests = new Map<string, DeskGuest>();
const local = createSession('hub-window', 'admin', 'admin', 'desktop');
const desks = () => [pages.reception, pages.office];

const urlOf = (device: Device) => `https://${ADDRESSES[device]}:${site.host.port}/`;

async function pair(device: Device, role: 'kiosk' | 'desk', name: string) {
  const page = pages[device];
  await page.goto(urlOf(device));
  const code = page.locator('[data-testid=pairing-code]');
  await code.waitFor({ timeout: 15_000 });
  await site.core.call(local, 'hub.pair', { code: (await code.getAttribute('data-code')) ?? '', role, name });
  await page.locator('[data-testid=kiosk]').waitFor({ timeout: 10_000 });
  if (role === 'kiosk') return;
  await page.click('[data-testid=staff-button]');
  await page.locator('[data-testid=pin-pad]').waitFor();
  await page.keyboard.type(PINS.desk);
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=desk]').waitFor();
}

/** Types on the kiosk's on-screen keyboard, key by key, as a finger does. */
async function tap(text: string) {
  for (const char of text.toLowerCase()) {
    const key = char === ' ' ? '{space}' : char;
    await pages.kiosk.locator(`[data-testid=kiosk-keyboard] [data-skbtn="${key}"]`).first().click();
  }
}

const alertOf = (page: Page, text: string) => page.locator('[data-testid=watchlist-alert]', { hasText: text });

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  site = await openE2eSite('foyer-watchlist', Object.values(ADDRESSES));
  site.runtime.engine.start();
  guests = await putVisit(site, local, 'Supplier day', [SERGEI]);
  await site.core.call(local, 'sync.now', { full: true });
  // The service is down for the rest of the test: the list and every check live on the hub.
  await site.service.close();
  const pushed = await site.core.call(local, 'pushes.queue', {
    kind: 'watchlist',
    fileName: 'watchlist.csv',
    contentBase64: Buffer.from(LIST).toString('base64'),
  });
  expect(pushed).toMatchObject({ items: 2, outboxItems: 0 });

  browser = await launchForHub(site.hub);
  for (const device of Object.keys(ADDRESSES) as Device[]) {
    const context = await browser.newContext({
      viewport: device === 'kiosk' ? KIOSK : DESK,
      hasTouch: device === 'kiosk',
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${device}: ${error.message}`));
    pages[device] = page;
  }
  await pair('reception', 'desk', 'Reception');
  await pair('office', 'desk', 'Back office');
  await pair('kiosk', 'kiosk', 'Lobby kiosk');
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (site) await site.stopHub();
  await site?.relay.close();
  await cleanup();
});

describe('a watchlist at a hub with two desks and a kiosk, the service stopped', () => {
  it('a walk-in typed "Juergen Mueller" is told to see reception, no reason; both desks get the alert within 1 s', async () => {
    const { kiosk } = pages;
    await kiosk.locator('[data-testid=kiosk-keyboard]').waitFor();
    await kiosk.click('[data-testid=kiosk-walk-in]');
    await kiosk.locator('[data-testid=walk-in-form]').waitFor();
    await tap('Juergen');
    await kiosk.click('[data-testid=walk-in-lastName]');
    await tap('Mueller');
    await kiosk.click('[data-testid=walk-in-host]');
    await tap('Hop');
    await kiosk.locator('[data-testid=walk-in-host]', { hasText: 'Grace Hopper' }).click();
    await kiosk.click('[data-testid=walk-in-submit]');
    const sent = Date.now();
    await Promise.all(desks().map((page) => alertOf(page, NOTE).waitFor({ timeout: 5_000 })));
    const elapsed = Date.now() - sent;
    expect(elapsed, `the desks took ${elapsed} ms`).toBeLessThan(1_000);

    const declined = kiosk.locator('[data-testid=walk-in-declined]');
    await declined.waitFor({ timeout: 5_000 });
    const said = (await declined.textContent()) ?? '';
    expect(said).toContain('Please see reception');
    expect(said).not.toMatch(/watchlist|Müller|incident|security|deny/i);
    await kiosk.screenshot({ path: join(SCREENS, 'watchlist-kiosk-see-reception-1080x1920.png') });
    expect(await axeViolations(kiosk)).toEqual([]);

    for (const page of desks()) {
      const text = (await alertOf(page, NOTE).textContent()) ?? '';
      expect(text).toContain('Juergen Mueller');
      expect(text).toContain('Do not let in');
      expect(text).toContain('“Jürgen Müller”');
      expect(text).toContain('Juergen ~ Jürgen (spelled otherwise)');
      expect(text).toContain('walk-in request · Lobby kiosk');
    }
    await pages.reception.screenshot({ path: join(SCREENS, 'watchlist-desk-alert-1440x900.png') });
    expect(await axeViolations(pages.reception)).toEqual([]);
    // Turned away at one desk: gone at both.
    await alertOf(pages.reception, NOTE).locator('[data-testid=watchlist-turn-away]').click();
    for (const page of desks()) await alertOf(page, NOTE).waitFor({ state: 'detached', timeout: 5_000 });
  }, 120_000);

  it('an entry in Cyrillic matches a guest typed in Latin letters, who is checked in all the same', async () => {
    const { kiosk } = pages;
    await kiosk.reload();
    await kiosk.locator('[data-testid=kiosk-keyboard]').waitFor();
    await tap('Sergei Solovyov');
    await kiosk.locator('[data-testid=kiosk-result]').first().click();
    await kiosk.click('[data-testid=kiosk-confirm-button]');
    await kiosk.locator('[data-testid=kiosk-done]').waitFor({ timeout: 5_000 });
    expect((await kiosk.textContent('[data-testid=kiosk-done]')) ?? '').not.toMatch(/watchlist|escort/i);
    for (const page of desks()) {
      const alert = alertOf(page, 'Ask for his escort');
      await alert.waitFor({ timeout: 5_000 });
      const text = (await alert.textContent()) ?? '';
      expect(text).toContain('“Сергей Соловьёв”');
      expect(text).toContain('Sergei ~ Сергей (in another script)');
      expect(text).toContain('Solovyov ~ Соловьёв (in another script)');
    }
  }, 60_000);

  it('"Not this person" takes the alert off every desk, and it does not fire again for that visitor', async () => {
    await alertOf(pages.office, 'Ask for his escort').locator('[data-testid=watchlist-not-this-person]').click();
    for (const page of desks())
      await alertOf(page, 'Ask for his escort').waitFor({ state: 'detached', timeout: 5_000 });
    // The same guest leaves and is checked in again at the desk: no alert.
    const id = guests.get(SERGEI.lastName)!.invitationId;
    await site.core.call(local, 'guests.transition', { invitationId: id, action: 'checkOut' });
    await site.core.call(local, 'walkIns.checkInAgain', { invitationId: id });
    expect(await site.core.call(local, 'watchlist.alerts', {})).toEqual([]);
    for (const page of desks()) expect(await page.locator('[data-testid=watchlist-alert]').count()).toBe(0);
    const { entries } = await site.core.call(local, 'audit.list', {});
    const sentences = entries.map((e) => e.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Watchlist alert for Juergen Mueller \(walk-in request, alert \d+\)$/),
        expect.stringMatching(/^Decided a watchlist alert: turned away Juergen Mueller/),
        expect.stringMatching(/^Decided a watchlist alert: not this person: Sergei Solovyov/),
      ]),
    );
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
