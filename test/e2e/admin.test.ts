/**
 * The admin console end to end in Chromium, as a newcomer uses it without a
 * terminal: unlock, point Foyer at a service (a second reference service on
 * 127.0.0.1), test the connection, switch to it, set PINs and kiosk options,
 * browse groups and employees, push a file with errors and download them.
 * Every screen is checked with axe (zero violations) and saved as a PNG in
 * test-results/screens/ for a person to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPin } from '../../electron/core/access/pins.ts';
import { createSession } from '../../electron/core/access/session.ts';
import { createConfigStore } from '../../electron/core/config/config.ts';
import { iso } from '../../shared/time.ts';
import { axeViolations, ROOT, SCREENS } from '../support/browser.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';
import { clockFrom, E2E_MOMENT } from '../support/clock.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { TEST_TOKEN } from '../support/world.ts';

const ADMIN_PIN = '2468';

/** A small PNG logo (a red bar), made here so that the test needs no file. */
function logoPng(): Buffer {
  const [w, h] = [64, 24];
  const raw = Buffer.concat(Array.from({ length: h }, () => Buffer.from([0, ...Array(w).fill([200, 40, 60]).flat()])));
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let second: TestService;
let app: BrowserApp;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  // One clock for the app and the service it switches to: both live at the tests' moment.
  const now = clockFrom(E2E_MOMENT);
  second = await startTestService({ now });
  app = await openBrowserApp({
    name: 'foyer-e2e-admin-',
    now,
    pins: { admin: ADMIN_PIN },
    prepare: ({ runtime }) => runtime.engine.start(),
  });
  page = await openPage(app, { viewport: { width: 1280, height: 900 } }, pageErrors);
  // What the Content-Security-Policy blocks (fonts inlined as data: URIs were) is an error in the console.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
  });
  await page.goto(app.url);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await second?.close();
});

const text = async (selector: string) => (await page.locator(selector).first().textContent()) ?? '';

/** axe over the whole page: no violation of any kind. */
async function expectAccessible(screen: string) {
  expect(await axeViolations(page), screen).toEqual([]);
}

/** The screen as a PNG, all of it: the viewport grows to the admin area's scrolled height for the shot. */
async function screen(name: string) {
  const height = (await page.evaluate(`(() => {
    const body = document.querySelector('.admin-body');
    return Math.ceil((body ? body.scrollHeight + body.getBoundingClientRect().top : 0) + 24);
  })()`)) as number;
  await page.setViewportSize({ width: 1280, height: Math.max(900, height) });
  await page.screenshot({ path: join(SCREENS, `admin-${name}.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(name);
}

async function openTab(id: string, testId: string) {
  await page.click(`[data-testid=tab-${id}]`);
  await page.locator(`[data-testid=${testId}]`).waitFor();
}

describe('the admin console, without a terminal', () => {
  it('unlocks as admin', async () => {
    await page.click('[data-testid=staff-button]');
    await page.locator('[data-testid=pin-pad]').waitFor();
    await page.keyboard.type(ADMIN_PIN);
    await page.keyboard.press('Enter');
    await page.click('[data-testid=area-admin]');
    await page.locator('[data-testid=admin]').waitFor();
  });

  it('tests a connection to another service and switches to it, without a restart', async () => {
    await openTab('settings', 'connection-form');
    await screen('settings');
    await page.check('[data-testid=service-remote]');
    await page.fill('[data-testid=setting-baseUrl]', second.baseUrl);
    await page.fill('[data-testid=setting-token]', 'a-wrong-token');
    await page.click('[data-testid=test-connection]');
    await page.locator('[data-testid=connection-result]', { hasText: 'does not accept the token' }).waitFor();
    await page.fill('[data-testid=setting-token]', TEST_TOKEN);
    await page.click('[data-testid=test-connection]');
    await page.locator('[data-testid=connection-result]', { hasText: 'This connection works' }).waitFor();
    // The locations come from the service's access profile groups.
    expect(await page.locator('[data-testid=setting-location] option').allTextContents()).toEqual([
      'Berlin HQ (10)',
      'Hamburg (11)',
    ]);
    await screen('connection-tested');
    await page.locator('[data-testid=connection-form] button[type=submit]').click();
    await page.locator('[data-testid=switched]').waitFor({ timeout: 20_000 });
    expect(app.runtime.baseUrl).toBe(second.baseUrl);
    expect(createConfigStore(app.dataDir).read()).toMatchObject({
      baseUrl: second.baseUrl,
      companyId: 1,
      locationId: 10,
    });
    // The token is kept, never shown: only its last two characters.
    await page.locator('[data-testid=connection-form]', { hasText: `ending …${TEST_TOKEN.slice(-2)}` }).waitFor();
    expect(await page.content()).not.toContain(TEST_TOKEN);
  }, 40_000);

  it('sets the desk PIN, with a message at the field for a bad one', async () => {
    await page.fill('[data-testid=pin-desk]', '12');
    await page.locator('[data-testid=pin-form-desk] .error-text', { hasText: '4 to 12 digits' }).waitFor();
    await page.fill('[data-testid=pin-desk]', ADMIN_PIN);
    await page.fill('[data-testid=pin-desk-again]', ADMIN_PIN);
    await page.locator('[data-testid=pin-form-desk] button[type=submit]').click();
    await page
      .locator('[data-testid=pin-form-desk] .error-text', { hasText: 'must differ from the admin PIN' })
      .waitFor();
    await page.fill('[data-testid=pin-desk]', '1357');
    await page.fill('[data-testid=pin-desk-again]', '1357');
    await page.locator('[data-testid=pin-form-desk] button[type=submit]').click();
    await page.locator('[data-testid=pin-form-desk] .saved').waitFor();
    expect(await verifyPin('1357', app.runtime.config.pins.desk)).toBe(true);
  });

  it('sets kiosk options: languages, idle time, badge with its preview, logo and colour', async () => {
    const form = page.locator('[data-testid=kiosk-settings]');
    await page.fill('[data-testid=setting-idle]', '5');
    await form.locator('.error-text', { hasText: 'Between 10 and 600 seconds' }).waitFor();
    await page.fill('[data-testid=setting-idle]', '45');
    await form.getByLabel('Русский', { exact: true }).uncheck();
    await page.check('[data-testid=setting-badge]');
    await page.selectOption('[data-testid=setting-layout]', 'compact');
    await page.setInputFiles('[data-testid=logo-input]', {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logoPng(),
    });
    await form.locator('.visitor-badge-logo').waitFor();
    await page.fill('[data-testid=setting-accent]', '#1f6feb');
    await form.locator('button[type=submit]').click();
    await form.locator('.saved').waitFor();
    const kiosk = app.runtime.config.kiosk;
    expect(kiosk.idleSeconds).toBe(45);
    expect(kiosk.languages).not.toContain('RU');
    expect(kiosk.badge).toMatchObject({ enabled: true, layout: 'compact' });
    expect(kiosk.branding.logoDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(kiosk.branding.accentColor).toBe('#1f6feb');
    await form.scrollIntoViewIfNeeded();
    await screen('settings-saved');
  });

  it('shows the sync of the new service, with Sync now and today’s history', async () => {
    await openTab('sync', 'sync-panel');
    await page.click('[data-testid=sync-now]');
    await page.locator('[data-testid=sync-row-groups]', { hasText: /just now|s ago/ }).waitFor({ timeout: 20_000 });
    await page.locator('[data-testid=online-history] li.online').first().waitFor();
    // What the sync reports goes on the panel as it happens: a warning, a drop and the way back.
    const at = iso(app.now());
    app.runtime.engine.status.update({ online: false }, 'employees', {
      warnings: [{ kind: 'skipped', message: '2 employees without an id were skipped', at }],
      lastError: { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1', at },
    });
    app.runtime.engine.status.update({ online: true });
    await page
      .locator('[data-testid=sync-warnings-employees]', {
        hasText: 'Records skipped: 2 employees without an id were skipped',
      })
      .waitFor();
    expect(await text('[data-testid=sync-row-employees]')).toContain('The service could not be reached');
    await page.locator('[data-testid=online-history] li.offline').waitFor();
    await screen('sync');
  }, 30_000);

  it('browses groups and employees, searched and sorted by the service', async () => {
    await openTab('browse', 'browse-panel');
    await page.locator('[data-testid=group-row]', { hasText: 'Berlin doors' }).waitFor();
    expect(await text('[data-testid=group-row]')).toContain('Berlin HQ');
    await page.locator('[data-testid=employee-row]').first().waitFor();
    expect(await page.locator('[data-testid=employee-row]').count()).toBe(4);
    await page.selectOption('[data-testid=employee-sort]', 'email-desc');
    await page.locator('[data-testid=employee-row]').first().filter({ hasText: 'zoe@acme.test' }).waitFor();
    await page.fill('[data-testid=employee-search]', 'grace');
    await page.locator('[data-testid=employee-count]', { hasText: '1–1 of 1' }).waitFor();
    expect(await text('[data-testid=employee-row]')).toContain('Grace Hopper');
    await screen('browse');
  });

  it('pushes a file with errors: progress, counts, a preview of the rows, and the problems as CSV', async () => {
    await openTab('push', 'push-panel');
    await screen('push');
    await page.setInputFiles('[data-testid=file-input]', join(ROOT, 'resources/samples/identities-with-errors.csv'));
    await page.locator('[data-testid=preview]').waitFor();
    expect(Number(await text('[data-testid=preview-valid]'))).toBe(1);
    expect(Number(await text('[data-testid=preview-invalid]'))).toBe(4);
    expect(await text('[data-testid=queue-button]')).toContain('Queue the 1 valid row only');
    await page.click('[data-testid=sample] summary');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-issues]')]);
    expect(download.suggestedFilename()).toBe('identities-with-errors-errors.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('file,line,column,problem');
    expect(csv).toContain('startsAt');
    await screen('push-errors');

    // A file that is not a table at all says only what is wrong.
    await page.setInputFiles('[data-testid=file-input]', join(ROOT, 'resources/samples/not-a-table.csv'));
    await page.locator('[data-testid=unreadable]').waitFor();
    expect(await page.locator('[data-testid=preview-valid]').count()).toBe(0);
    expect(await text('[data-testid=preview]')).not.toMatch(/\d+ valid|0 rows|with errors/);
    await screen('push-unreadable');

    // A profile list with errors offers no partial upload (it would remove those profiles), and says why.
    await page.click('[data-testid=kind-profiles]');
    await expect.poll(() => page.locator('[data-testid=group-picker] option').count()).toBeGreaterThan(1);
    await page.selectOption('[data-testid=group-picker]', { index: 1 });
    await page.setInputFiles('[data-testid=file-input]', join(ROOT, 'resources/samples/profiles-with-errors.csv'));
    await page.locator('[data-testid=queue-refused]').waitFor();
    expect(await text('[data-testid=queue-refused]')).toContain('replaces the whole set');
    expect(await page.locator('[data-testid=queue-button]').count()).toBe(0);
    await screen('push-refused');

    // An events file counts events and invitations.
    await page.click('[data-testid=kind-events]');
    await page.setInputFiles('[data-testid=file-input]', join(ROOT, 'resources/samples/events.csv'));
    await page.locator('[data-testid=preview-invitations]').waitFor();
    expect(Number(await text('[data-testid=preview-valid]'))).toBe(2);
    expect(Number(await text('[data-testid=preview-invitations]'))).toBe(3);
    await page.click('[data-testid=queue-button]');
    await page.locator('[data-testid=queued]').waitFor();
  });

  it('shows a large file’s check as it goes', async () => {
    await page.click('button:has-text("Push another file")');
    await page.click('[data-testid=kind-identities]');
    const header = 'sourceId,email,firstName,lastName';
    const rows = Array.from({ length: 150_000 }, (_, i) => `big-${i},big${i}@example.test,Big,Number ${i}`);
    const buffer = Buffer.from([header, ...rows].join('\n'));
    expect(buffer.length).toBeGreaterThan(5_000_000);
    // Every state the bar goes through, noted in the page as it changes.
    await page.evaluate(`(() => {
      window.progressSeen = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid=check-progress]');
        if (bar) window.progressSeen.push(bar.textContent + ' ' + (bar.querySelector('[role=progressbar]').getAttribute('aria-valuenow') ?? '-'));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    })()`);
    await page.setInputFiles('[data-testid=file-input]', { name: 'big.csv', mimeType: 'text/csv', buffer });
    await page.locator('[data-testid=check-progress]').waitFor();
    await page.screenshot({ path: join(SCREENS, 'admin-push-progress.png') });
    await page.locator('[data-testid=preview]').waitFor({ timeout: 60_000 });
    expect(await text('[data-testid=preview-valid]')).toBe('150,000');
    const seen = (await page.evaluate('window.progressSeen')) as string[];
    // The core's check reported how far it was, between the start and the end.
    expect(
      seen.some((s) => /^Checking every row…\d+ % ([1-9]\d?)$/.test(s)),
      seen.join('\n'),
    ).toBe(true);
  }, 90_000);

  it('the outbox: the whole reason readable, and retry-all', async () => {
    // A list for a group the token is not mapped to: the service refuses it (404) and the item fails.
    const admin = createSession('e2e-admin', 'admin');
    await app.core.call(admin, 'pushes.queue', {
      kind: 'profiles',
      group: 'unmapped-doors',
      fileName: 'unmapped.csv',
      contentBase64: Buffer.from('sourceId,name\nroof,Roof\n').toString('base64'),
      confirmed: true,
    });
    await app.runtime.engine.deliver();
    await openTab('outbox', 'outbox');
    const reason = page.locator('[data-testid=outbox-reason]').first();
    await reason.waitFor();
    expect(await reason.isVisible()).toBe(true);
    const failed = (await app.core.call(admin, 'outbox.list', {})).find((o) => o.state === 'failed')!;
    expect(await reason.textContent()).toBe(failed.lastError);
    await screen('outbox');
    await page.click('[data-testid=retry-all]');
    await page.locator('[data-testid=retry-all-result]', { hasText: '1 failed item queued again.' }).waitFor();
  });

  it('ran without errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
