/**
 * The kiosk's printed badges end to end in Chromium at 1080 × 1920: a party
 * of three checked in from one lookup prints once, and the print holds three
 * pages of the label's size, each with its own guest's name (page.pdf, read
 * with pdfinfo and pdftotext); the door PIN is on a badge only where the
 * admin turned kiosk.badge.doorPin on (off by default: a badge is worn in
 * sight all day). The page's print() only counts (support/browser.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskSettingsPatch } from '../../shared/contract/settings.ts';
import { createSession } from '../../electron/core/access/session.ts';
import type { AppCore } from '../../electron/core/app/core.ts';
import type { Runtime } from '../../electron/core/runtime.ts';
import { HOUR, iso, uid } from '../support/basics.ts';
import { printRequests, SCREENS } from '../support/browser.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';

let app: BrowserApp;
let runtime: Runtime;
let core: AppCore;
let now: () => number;
let page: Page;
const pageErrors: string[] = [];
const admin = createSession('e2e-badges-admin', 'admin');

async function putParty(name: string, people: [string, string][]) {
  const { baseUrl, token } = runtime.embedded!;
  const at = now();
  const response = await fetch(`${baseUrl}/events`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      events: [
        {
          sourceId: uid('badges-e2e'),
          name,
          startsAt: iso(at - HOUR),
          endsAt: iso(at + 2 * HOUR),
          locationId: runtime.config.locationId,
          invitations: people.map(([firstName, lastName]) => ({ sourceId: uid('g'), firstName, lastName })),
        },
      ],
    }),
  });
  if (!response.ok) throw new Error(`PUT /events: ${response.status} ${await response.text()}`);
}

const setKiosk = (patch: KioskSettingsPatch) => core.call(admin, 'settings.setKiosk', patch);

/** Types on the on-screen keyboard, key by key. */
async function tap(text: string) {
  for (const char of text) {
    const key = char === ' ' ? '{space}' : char;
    await page.locator(`[data-testid=kiosk-keyboard] [data-skbtn="${key}"]`).first().click();
  }
}

/** The lead guest found by `letters`, the whole party ticked, checked in; resolves once the badges have printed. */
async function checkInParty(letters: string) {
  await page.reload();
  await page.locator('[data-testid=kiosk-keyboard]').waitFor();
  const before = await printRequests(page);
  await tap(letters);
  await page.locator('[data-testid=kiosk-result]').first().click();
  const members = page.locator('[data-testid=kiosk-party-member]');
  await members.nth(1).waitFor();
  for (let i = 0; i < (await members.count()); i++) await members.nth(i).click();
  await page.click('[data-testid=kiosk-confirm-button]');
  await page.locator('[data-testid=kiosk-print-badge][data-ready=true]').waitFor({ state: 'attached' });
  await expect.poll(() => printRequests(page), { timeout: 15_000 }).toBe(before + 1);
}

/** The print as it comes out: its pages' text, one string per page, its words one space apart. */
async function printedPages(name: string): Promise<string[]> {
  const pdf = join(SCREENS, `${name}.pdf`);
  await page.pdf({ path: pdf, printBackground: true, preferCSSPageSize: true });
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
  // The card's 86 × 54 mm (243.8 × 153.1 pt), as Chromium rounds it to its pixels.
  const [width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)!.slice(1).map(Number);
  expect(Math.abs(width! - 243.8)).toBeLessThan(1);
  expect(Math.abs(height! - 153.1)).toBeLessThan(1);
  return Array.from({ length: pages }, (_, i) =>
    // A long name wraps on the card: its words are joined again.
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', pdf, '-'], { encoding: 'utf8' })
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  app = await openBrowserApp({
    name: 'foyer-kiosk-badges-e2e-',
    pins: { admin: '2468' },
    prepare: async (opened) => {
      ({ runtime, core, now } = opened);
      runtime.engine.start();
      await putParty('Badge workshop', [
        ['Annika', 'Quellenberg'],
        ['Bernd', 'Quellental'],
        ['Carla', 'Quellhof'],
      ]);
      await putParty('Door workshop', [
        ['Dora', 'Pfortenau'],
        ['Emil', 'Pfortenbach'],
        ['Frida', 'Pfortenfeld'],
      ]);
      await runtime.engine.syncNow({ full: true });
    },
  });
  await setKiosk({ badge: { enabled: true, layout: 'standard' } });
  page = await openPage(app, { viewport: { width: 1080, height: 1920 }, hasTouch: true }, pageErrors);
  await page.goto(app.url);
  await page.locator('[data-testid=kiosk-keyboard]').waitFor();
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('the badges of a party', () => {
  it('print once, one page each with its own name, and no door PIN while the setting is off', async () => {
    expect((await core.call(admin, 'kiosk.settings', {})).badge.doorPin).toBe(false);
    await checkInParty('annika');
    const pages = await printedPages('badges-party-of-three');
    expect(pages).toHaveLength(3);
    const names = ['Annika Quellenberg', 'Bernd Quellental', 'Carla Quellhof'];
    // Each page holds one name, and every name is on a page.
    expect(pages.map((text) => names.filter((n) => text.includes(n)))).toEqual(
      expect.arrayContaining(names.map((n) => [n])),
    );
    for (const text of pages) expect(text).not.toMatch(/Door PIN/);
    expect(await page.locator('[data-testid=visitor-badge-door-pin]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('carry each guest’s door PIN once the admin turns it on', async () => {
    await setKiosk({ badge: { doorPin: true } });
    await checkInParty('dora');
    const pages = await printedPages('badges-party-door-pins');
    expect(pages).toHaveLength(3);
    for (const text of pages) expect(text).toMatch(/Door PIN: \d{4,8}/);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
