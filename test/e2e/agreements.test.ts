/**
 * Agreements and photos end to end, in Chromium with its fake camera, at a
 * site hub with the service stopped: a lobby kiosk (1080 × 1920, touch) and
 * a second desk (1440 × 900), each a paired device in its own context, and
 * the hub's clock in the test's hand.
 *
 * A guest found by name reads the NDA in German, signs it with a stroke drawn
 * on the screen, has a photo taken and checks in; the desk shows the photo
 * and "NDA v1 signed" within 2 s; the signed copy (a PDF in the hub's data
 * directory) holds the German text, the name and the signature image; the
 * roll call shows the photo; a walk-in signs as part of the form (the name
 * typed); the next day the guest is not asked again; after the admin edits
 * the text the guest is asked again (and declines: "please see reception");
 * once the photos' retention passed, the photo file is gone from disk.
 *
 * Screens: test-results/screens/agreements-*.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import type { DeskGuest } from '../../shared/contract/operations.ts';
import { DAY } from '../../shared/time.ts';
import { PINS } from '../integration/hub/site.ts';
import { cleanup, putUntilOk } from '../integration/outbox/helpers.ts';
import { fromNow, HOUR, uid } from '../support/basics.ts';
import { axeViolations, SCREENS } from '../support/browser.ts';
import { TEST_TOKEN } from '../support/world.ts';
import { type E2eSite, FAKE_CAMERA_ARGS, launchForHub, openE2eSite, putVisit } from './site-fixture.ts';

const KIOSK = { width: 1080, height: 1920 };
const DESK = { width: 1440, height: 900 };
const ADDRESSES = { kiosk: '127.0.0.6', desk: '127.0.0.7' } as const;
type Device = keyof typeof ADDRESSES;

const GERMAN = [
  'Der Besucher verpflichtet sich, alle vertraulichen Informationen geheim zu halten.',
  'Diese Vereinbarung gilt ab der Unterzeichnung für ein Jahr.',
];
const NDA = {
  id: 'nda',
  title: 'NDA',
  texts: { EN: ['The visitor keeps all confidential information secret.'], DE: GERMAN },
  appliesTo: 'both' as const,
  validDays: 365,
};
const GUEST = { firstName: 'Greta', lastName: 'Vertraulich' } as const;

/** The hub's clock: the wall clock, moved on by the test (a day, a month). */
let offset = 0;
const hubNow = () => Date.now() + offset;

let site: E2eSite;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages = {} as Record<Device, Page>;
const pageErrors: string[] = [];
let guests = new Map<string, DeskGuest>();
const local = createSession('hub-window', 'admin', 'admin', 'desktop');
const urlOf = (device: Device) => `https://${ADDRESSES[device]}:${site.host.port}/`;

async function shoot(page: Page, name: string) {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  await page.screenshot({ path: join(SCREENS, `agreements-${name}.png`) });
}

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

/** The same guest's visit on a later day (the same names and company: the same person), at the service. */
async function putLaterVisit(days: number) {
  const sourceId = uid('nda-later');
  const event = {
    sourceId,
    name: `Return visit ${days}`,
    startsAt: fromNow(days * DAY - HOUR),
    endsAt: fromNow(days * DAY + 3 * HOUR),
    locationId: 10,
    invitations: [{ sourceId: `${sourceId}-0`, ...GUEST, companyName: 'Kranich AG' }],
  };
  const answer = await putUntilOk(site.service.baseUrl, '/events', { events: [event] }, TEST_TOKEN);
  expect(answer.status, answer.text).toBe(200);
}

/** At the kiosk: the guest types their name, taps themselves and "Check in". */
async function findAndCheckIn(kiosk: Page) {
  await kiosk.locator('[data-testid=kiosk-search]').waitFor();
  await kiosk.fill('[data-testid=kiosk-search]', GUEST.lastName);
  await kiosk.locator('[data-testid=kiosk-result]').first().click();
  await kiosk.click('[data-testid=kiosk-confirm-button]');
}

/** A stroke drawn across the signature pad, as a finger (or a mouse) would. */
async function drawSignature(kiosk: Page) {
  const box = (await kiosk.locator('[data-testid=signature-pad]').boundingBox())!;
  await kiosk.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await kiosk.mouse.down();
  for (let i = 1; i <= 12; i++)
    await kiosk.mouse.move(box.x + box.width * (0.1 + i * 0.06), box.y + box.height * (0.6 - Math.sin(i / 2) * 0.25));
  await kiosk.mouse.up();
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  site = await openE2eSite(
    'foyer-agreements',
    Object.values(ADDRESSES),
    { walkIns: { mode: 'open', lengthMinutes: null, entranceId: null } },
    hubNow,
  );
  guests = await putVisit(site, local, 'Board meeting', [GUEST]);
  await putLaterVisit(1);
  await putLaterVisit(2);
  await site.core.call(local, 'sync.now', { full: true });
  await site.core.call(local, 'agreements.setSettings', { documents: [NDA], signatureRetentionDays: null });
  await site.core.call(local, 'photos.setSettings', {
    enabled: true,
    consentTexts: { EN: ['Your photo is kept for 30 days.'], DE: ['Ihr Foto wird 30 Tage lang aufbewahrt.'] },
    retentionDays: 30,
  });
  // The service is down for the whole test: everything goes through the hub alone.
  await site.service.close();

  browser = await launchForHub(site.hub, FAKE_CAMERA_ARGS);
  for (const device of Object.keys(ADDRESSES) as Device[]) {
    const context = await browser.newContext({
      viewport: device === 'kiosk' ? KIOSK : DESK,
      hasTouch: device === 'kiosk',
      acceptDownloads: true,
    });
    await context.addInitScript(() => {
      (globalThis as { print?: () => void }).print = () => {};
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${device}: ${error.message}`));
    pages[device] = page;
  }
  await pair('desk', 'desk', 'Reception 2');
  await pair('kiosk', 'kiosk', 'Lobby tablet');
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (site) await site.stopHub();
  await site?.relay.close();
  await cleanup();
});

describe('agreements and photos at a hub, the service stopped', () => {
  it('a guest reads the NDA in German, signs with a drawn stroke, has a photo taken and checks in', async () => {
    const { kiosk, desk } = pages;
    const id = guests.get(GUEST.lastName)!.invitationId;
    // The desk has the guest's detail open while they check in at the kiosk.
    await desk.fill('[data-testid=desk-search]', GUEST.lastName);
    await desk.locator(`[data-testid=guest-row][data-id="${id}"]`).click();
    await desk.locator('[data-testid=guest-detail]').waitFor();

    await kiosk.click('[data-testid=language-button]');
    await kiosk.click('[data-testid=language-DE]');
    await findAndCheckIn(kiosk);
    await kiosk.locator('[data-testid=kiosk-agreement]').waitFor();
    expect(await kiosk.textContent('[data-testid=agreement-title]')).toBe('NDA');
    expect(await kiosk.locator('[data-testid=agreement-text] p').allTextContents()).toEqual(GERMAN);
    expect(await kiosk.textContent('[data-testid=agreement-signer]')).toBe('Greta Vertraulich');
    expect(await kiosk.textContent('[data-testid=agreement-accept]')).toContain('Ich stimme zu');
    // Accept without a signature: asked for one.
    await kiosk.click('[data-testid=agreement-accept]');
    await kiosk.locator('[data-testid=agreement-missing]').waitFor();
    await drawSignature(kiosk);
    await shoot(kiosk, 'kiosk-nda-de-1080x1920');
    expect(await axeViolations(kiosk)).toEqual([]);
    await kiosk.click('[data-testid=agreement-accept]');

    await kiosk.locator('[data-testid=kiosk-photo]').waitFor();
    expect(await kiosk.textContent('[data-testid=photo-consent]')).toBe('Ihr Foto wird 30 Tage lang aufbewahrt.');
    await kiosk.locator('[data-testid=photo-take]:not([disabled])').click();
    await kiosk.locator('[data-testid=photo-preview]').waitFor({ timeout: 10_000 });
    // Retake, then take it again and use it.
    await kiosk.click('[data-testid=photo-retake]');
    await kiosk.locator('[data-testid=photo-take]:not([disabled])').click();
    await kiosk.locator('[data-testid=photo-preview]').waitFor({ timeout: 10_000 });
    await shoot(kiosk, 'kiosk-photo-1080x1920');
    await kiosk.click('[data-testid=photo-use]');
    await kiosk.locator('[data-testid=kiosk-done]').waitFor({ timeout: 10_000 });
    const done = Date.now();

    // The second desk shows the photo and "NDA v1 signed" within 2 s.
    await desk.locator('[data-testid=guest-detail] [data-testid=guest-photo]').waitFor({ timeout: 5_000 });
    await desk
      .locator('[data-testid=guest-agreement]', { hasText: /NDA v1 signed \d\d:\d\d/ })
      .waitFor({ timeout: 5_000 });
    const elapsed = Date.now() - done;
    expect(elapsed, `the desk took ${elapsed} ms`).toBeLessThan(2_000);
    await shoot(desk, 'desk-detail-1440x900');
    expect(await axeViolations(desk)).toEqual([]);
    const download = desk.waitForEvent('download');
    await desk.click('[data-testid=open-agreement]');
    expect((await download).suggestedFilename()).toMatch(/^nda-v1-Greta-Vertraulich\.pdf$/);
  }, 120_000);

  it('the signed copy holds the German text, the name and the signature image', () => {
    const dir = join(site.dataDir, 'agreements');
    const [file, ...more] = readdirSync(dir);
    expect(more).toEqual([]);
    const pdf = join(dir, file!);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('vertraulichen Informationen geheim zu halten');
    expect(text).toContain('Greta Vertraulich');
    expect(text).toContain('Device: Lobby tablet');
    const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' });
    expect(images).toMatch(/\bimage\s+900\s+300\b/);
    expect(readdirSync(join(site.dataDir, 'photos'))).toHaveLength(1);
  });

  it('the roll call shows the photo', async () => {
    const { desk } = pages;
    const id = guests.get(GUEST.lastName)!.invitationId;
    const rollCall = await site.core.call(local, 'evacuation.start', {});
    await desk
      .locator(`[data-testid=roll-call-row][data-id="${id}"] [data-testid=guest-photo]`)
      .waitFor({ timeout: 5_000 });
    await shoot(desk, 'desk-roll-call-1440x900');
    await site.core.call(local, 'evacuation.end', { rollCallId: rollCall.id });
    await pages.kiosk.locator('[data-testid=kiosk-evacuation]').waitFor({ state: 'detached', timeout: 10_000 });
  }, 60_000);

  it('a walk-in signs as part of the form, typing the name', async () => {
    const { kiosk } = pages;
    await kiosk.click('[data-testid=kiosk-done-button]').catch(() => undefined);
    await kiosk.locator('[data-testid=kiosk-walk-in]').waitFor({ timeout: 30_000 });
    await kiosk.click('[data-testid=kiosk-walk-in]');
    await kiosk.fill('[data-testid=walk-in-firstName]', 'Wanda');
    await kiosk.fill('[data-testid=walk-in-lastName]', 'Laufkundin');
    await kiosk.fill('[data-testid=walk-in-host]', 'Grace');
    await kiosk.click('[data-testid=walk-in-host]:text("Grace Hopper")');
    await kiosk.click('[data-testid=walk-in-submit]');
    await kiosk.locator('[data-testid=kiosk-agreement]').waitFor();
    expect(await kiosk.textContent('[data-testid=agreement-signer]')).toBe('Wanda Laufkundin');
    await kiosk.click('[data-testid=agreement-switch]');
    await kiosk.fill('[data-testid=agreement-typed-name]', 'Wanda Laufkundin');
    await shoot(kiosk, 'kiosk-walk-in-typed-1080x1920');
    await kiosk.click('[data-testid=agreement-accept]');
    await kiosk.locator('[data-testid=kiosk-photo]').waitFor();
    await kiosk.click('[data-testid=photo-skip]');
    await kiosk.locator('[data-testid=kiosk-done]').waitFor({ timeout: 10_000 });
    const walkIn = site.runtime.mirror.db
      .prepare("SELECT id FROM walk_ins WHERE last_name = 'Laufkundin'")
      .pluck()
      .get();
    const records = await site.core.call(local, 'agreements.ofGuest', { invitationId: -Number(walkIn) });
    expect(records).toEqual([
      expect.objectContaining({ title: 'NDA', version: 1, outcome: 'signed', method: 'typed' }),
    ]);
  }, 60_000);

  it('the next day the guest is not asked again; after the admin edits the text, asked again', async () => {
    const { kiosk } = pages;
    await kiosk.click('[data-testid=kiosk-done-button]');
    await kiosk.locator('[data-testid=kiosk-done]').waitFor({ state: 'detached', timeout: 30_000 });
    offset = DAY;
    await findAndCheckIn(kiosk);
    // No document: straight to the photo (taken at every visit where the site takes them).
    await kiosk.locator('[data-testid=kiosk-photo]').waitFor();
    expect(await kiosk.locator('[data-testid=kiosk-agreement]').count()).toBe(0);
    await kiosk.click('[data-testid=photo-skip]');
    await kiosk.locator('[data-testid=kiosk-done]').waitFor({ timeout: 10_000 });

    const settings = await site.core.call(local, 'agreements.settings', {});
    const edited = { ...NDA, texts: { ...NDA.texts, DE: [...GERMAN, 'Neu: auch Fotos sind vertraulich.'] } };
    expect(
      (await site.core.call(local, 'agreements.setSettings', { ...settings, documents: [edited] })).versions,
    ).toEqual({
      nda: 2,
    });
    await kiosk.click('[data-testid=kiosk-done-button]');
    await kiosk.locator('[data-testid=kiosk-done]').waitFor({ state: 'detached', timeout: 30_000 });
    offset = 2 * DAY;
    // A new guest at the kiosk: its language is the start language again.
    await kiosk.click('[data-testid=language-button]');
    await kiosk.click('[data-testid=language-DE]');
    await findAndCheckIn(kiosk);
    await kiosk.locator('[data-testid=kiosk-agreement]').waitFor();
    expect(await kiosk.locator('[data-testid=agreement-text] p').last().textContent()).toBe(
      'Neu: auch Fotos sind vertraulich.',
    );
    // Declined: no check-in, reception is asked for.
    await kiosk.click('[data-testid=agreement-decline]');
    await kiosk.locator('[data-testid=agreement-declined]').waitFor();
    await shoot(kiosk, 'kiosk-declined-1080x1920');
    await kiosk.click('[data-testid=agreement-declined-done]');
  }, 90_000);

  it('once the photos’ retention passed (the hub’s clock a month on), the photo is gone from disk', async () => {
    expect(readdirSync(join(site.dataDir, 'photos'))).toHaveLength(1);
    offset = 31 * DAY;
    await site.core.call(local, 'sync.status', {});
    expect(readdirSync(join(site.dataDir, 'photos'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
