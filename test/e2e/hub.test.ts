/**
 * A site hub end to end in Chromium: the browser host in hub mode (HTTPS
 * with the hub's own certificate) on a real core, and three devices at
 * https://127.0.0.2:PORT (a desk), https://127.0.0.3:PORT and
 * https://127.0.0.4:PORT (two lobby kiosks), each in its own browser
 * context (its own cookies). Chromium trusts the hub only through
 * --ignore-certificate-errors-spki-list with the hub's key.
 *
 * The morning: the hub pulls the day's guests, then the reference service
 * is stopped for the whole run. The devices are paired through their
 * screens (the first desk at the hub itself, as "foyer devices pair" does),
 * guests check in at either kiosk and at the desk, each device sees the
 * others' check-ins within a second, the evacuation list has everyone, a
 * desk's feed of arrivals says who came in where, a revoked kiosk is back on
 * the pairing screen, and when the service is started again every check-in
 * reaches it exactly once. Both screens show the hub's one security code.
 *
 * Screens: test-results/screens/hub-*.png (kiosks 1080x1920, the desk 1440x900).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app/core.ts';
import { createSession } from '../../electron/core/access/session.ts';
import type { OpenedHub } from '../../electron/core/hub/index.ts';
import type { Runtime } from '../../electron/core/runtime.ts';
import type { startBrowserHost } from '../../electron/core/web/host.ts';
import type { DeskGuest } from '../../shared/contract/guests.ts';
import { DeviceClient, PINS, type startRelay } from '../integration/hub/site.ts';
import { cleanup, type Service, serviceState } from '../integration/outbox/helpers.ts';
import { until } from '../support/until.ts';
import { axeViolations, SCREENS } from '../support/browser.ts';
import {
  ADDRESSES,
  checkArrivals,
  checkInAt,
  checkSecurityCode,
  codeOn,
  COPY_ADDRESS,
  DESK,
  KIOSK,
  LIVE_MS,
  MORNING,
  morningArrivals,
  pairAtDesk,
  shoot,
  typeWrongCode,
  unlockDesk,
} from './hub-fixture.ts';
import { type E2eSite, launchForHub, openE2eSite, putVisit } from './site-fixture.ts';

/** What the page callbacks below use of the browser: the Node-side tsconfig has no DOM library. */
declare const window: Record<string, unknown>;

let site: E2eSite;
let service: Service;
let relay: Awaited<ReturnType<typeof startRelay>>;
let runtime: Runtime;
let hub: OpenedHub;
let core: AppCore;
let host: Awaited<ReturnType<typeof startBrowserHost>>;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages = {} as Record<keyof typeof ADDRESSES, Page>;
const pageErrors: string[] = [];
/** A client that uses a copy of Lobby 2's credential from another address. */
let copied: DeviceClient | undefined;
let guests = new Map<string, DeskGuest>();
/** The hub's own window: the trusted local door, no pairing. */
const local = createSession('hub-window', 'admin', 'admin', 'desktop');

const urlOf = (device: keyof typeof ADDRESSES) => `https://${ADDRESSES[device]}:${host.port}/`;

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  site = await openE2eSite('foyer-hub-e2e', Object.values(ADDRESSES));
  ({ service, relay, runtime, hub, core, host } = site);
  runtime.engine.start();
  guests = await putVisit(site, local, 'Site hub morning', MORNING);
  // The service is down from here until the end of the morning.
  await service.close();

  browser = await launchForHub(hub);
  for (const device of Object.keys(ADDRESSES) as (keyof typeof ADDRESSES)[]) {
    const context = await browser.newContext({
      viewport: device === 'desk' ? DESK : KIOSK,
      hasTouch: device !== 'desk',
    });
    // A badge would open the print dialog, which waits for a person.
    await context.addInitScript(() => {
      window.print = () => undefined;
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${device}: ${error.message}`));
    pages[device] = page;
  }
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  // The hub closes the devices' streams itself; the host then closes without waiting on them.
  hub?.close();
  await host?.close();
  core?.close();
  await runtime?.close();
  await relay?.close();
  await copied?.close();
  await cleanup();
});

describe('a site hub with three browser devices, the service down all morning', () => {
  it('pairs the first desk at the hub itself; the device opens by itself once paired', async () => {
    await pages.desk.goto(urlOf('desk'));
    const code = await codeOn(pages.desk);
    expect(code).toMatch(/^\d{6}$/);
    await shoot(pages.desk, 'pairing-desk-1440x900');
    expect(await axeViolations(pages.desk)).toEqual([]);
    // As "foyer devices pair CODE --role desk" does on the hub machine.
    await core.call(local, 'hub.pair', { code, role: 'desk', name: 'Reception' });
    // The screen polls every 2 s and reloads: the desk device starts as a kiosk, unlocked with the desk PIN.
    await pages.desk.locator('[data-testid=kiosk]').waitFor({ timeout: 10_000 });
    await unlockDesk(pages.desk, PINS.desk);
  });

  it('pairs both kiosks through their screens and the desk’s Devices view', async () => {
    for (const [device, name] of [
      ['lobby1', 'Lobby 1'],
      ['lobby2', 'Lobby 2'],
    ] as const) {
      const page = pages[device];
      await page.goto(urlOf(device));
      const code = await codeOn(page);
      await page.locator('[data-testid=pairing-status]', { hasText: 'Waiting for staff' }).waitFor();
      if (device === 'lobby1') {
        await checkSecurityCode(page, hub.tls.fingerprint);
        await shoot(page, 'pairing-kiosk-1080x1920');
        expect(await axeViolations(page)).toEqual([]);
        await typeWrongCode(pages.desk, code, name);
      }
      await pairAtDesk(pages.desk, code, 'kiosk', name);
      await page.locator('[data-testid=kiosk-search]').waitFor({ timeout: 10_000 });
    }
    const desk = pages.desk;
    await desk.locator('[data-testid=device-table] tbody tr').nth(2).waitFor();
    // Live: each kiosk's open stream shows it connected, without a reload of the view.
    await desk.locator('[data-testid=device-table] [data-state=connected]').nth(2).waitFor({ timeout: 5_000 });
    await checkSecurityCode(desk, hub.tls.fingerprint);
    expect(await desk.textContent('[data-testid=hub-urls]')).toContain('https://');
    await shoot(desk, 'devices-1440x900');
    expect(await axeViolations(desk)).toEqual([]);
  });

  it('shows a check-in at one kiosk at the desk and at the other kiosk within a second', async () => {
    const first = MORNING[0];
    const guest = guests.get(first.lastName)!;
    const desk = pages.desk;
    await desk.click('[data-testid=area-desk]');
    await desk.locator(`[data-testid=guest-row][data-id="${guest.invitationId}"]`).waitFor();
    const onsiteBefore = Number(await desk.textContent('[data-testid=tab-count-onsite]').catch(() => '0'));

    // The other kiosk has the same guest on its confirm screen (a second guest of the same name, say).
    const other = pages.lobby2;
    await other.fill('[data-testid=kiosk-search]', first.typed);
    await other.click(`[data-testid=kiosk-result][data-id="${guest.invitationId}"]`);
    await other.locator('[data-testid=kiosk-confirm-button]').waitFor();

    await checkInAt(pages.lobby1, first.typed, guest.invitationId);
    const shown = Date.now();
    await shoot(pages.lobby1, 'kiosk-done-offline-1080x1920');
    await Promise.all([
      other
        .locator('[data-testid=kiosk-confirm]', { hasText: 'You are already checked in.' })
        .waitFor({ timeout: 5_000 }),
      desk.locator('[data-testid=tab-count-onsite]', { hasText: String(onsiteBefore + 1) }).waitFor({ timeout: 5_000 }),
    ]);
    const elapsed = Date.now() - shown;
    expect(elapsed, `the other kiosk and the desk took ${elapsed} ms`).toBeLessThan(LIVE_MS);
    await checkArrivals(desk, [{ id: guest.invitationId, where: 'Lobby 1' }]);
    // Nothing to check in any more: at most the check-out the settings allow.
    expect(await other.textContent('[data-testid=kiosk-confirm]')).not.toContain('Check in as');
    await shoot(other, 'kiosk-already-in-elsewhere-1080x1920');
    await shoot(desk, 'desk-after-kiosk-checkin-1440x900');
    await pages.lobby1.click('[data-testid=kiosk-done-button]');
    await other.click('[data-testid=kiosk-back]');
    await other.fill('[data-testid=kiosk-search]', '');
  });

  it('runs the morning: every device’s check-ins reach the others, the evacuation list has everyone', async () => {
    for (const m of MORNING.slice(1)) {
      const guest = guests.get(m.lastName)!;
      if (m.at === 'desk') {
        await pages.desk.fill('[data-testid=desk-search]', m.typed);
        const row = pages.desk.locator(`[data-testid=guest-row][data-id="${guest.invitationId}"]`);
        await row.locator('[data-testid=action-checkIn]').click();
        await pages.desk.fill('[data-testid=desk-search]', '');
      } else {
        await checkInAt(pages[m.at], m.typed, guest.invitationId);
        await pages[m.at].click('[data-testid=kiosk-done-button]');
      }
      // The other kiosk finds the guest already in.
      const other = m.at === 'lobby1' ? pages.lobby2 : pages.lobby1;
      await other.fill('[data-testid=kiosk-search]', m.typed);
      await other.click(`[data-testid=kiosk-result][data-id="${guest.invitationId}"]`);
      await other.locator('[data-testid=kiosk-confirm]', { hasText: 'You are already checked in.' }).waitFor();
      await other.click('[data-testid=kiosk-back]');
      await other.fill('[data-testid=kiosk-search]', '');
    }
    await shoot(pages.lobby2, 'kiosk-offline-start-1080x1920');

    // Nothing reached the service: it is down.
    expect(relay.delivered).toHaveLength(0);
    const desk = pages.desk;
    await checkArrivals(desk, morningArrivals(guests));
    await desk.click('[data-testid=evacuation-button]');
    await desk.locator('[data-testid=evacuation]').waitFor();
    const list = (await desk.textContent('[data-testid=evacuation]')) ?? '';
    for (const m of MORNING) expect(list, `${m.firstName} ${m.lastName}`).toContain(m.lastName);
    // A Chinese name in its own order, family name first.
    expect(list).toContain('王超');
    await shoot(desk, 'evacuation-1440x900');
    await desk.keyboard.press('Escape');
    await desk.locator('[data-testid=evacuation]').waitFor({ state: 'detached' });

    // The desk's Devices view counts what each device did today.
    await desk.click('[data-testid=area-devices]');
    const lobby1 = desk.locator('[data-testid=device-table] tr', { hasText: 'Lobby 1' });
    await lobby1.locator('[data-testid=device-checkins]', { hasText: '3' }).waitFor({ timeout: 5_000 });
    await shoot(desk, 'devices-after-morning-1440x900');
    // Ten check-ins through four screens, each shown at the others: about 10 s on a quiet machine.
  }, 60_000);

  it('shows a kiosk credential used from a second address at the desk', async () => {
    const desk = pages.desk;
    // A script on another machine with Lobby 2's credential (the browsers here all reach the hub from 127.0.0.1).
    const credential = (await pages.lobby2.context().cookies()).find((c) => c.name === 'foyer_device')!;
    copied = new DeviceClient(`https://127.0.0.1:${host.port}/`, COPY_ADDRESS, hub.tls.cert);
    copied.cookies.set('foyer_device', credential.value);
    expect((await copied.send('POST', '/app/kiosk.settings', { body: {} })).status).toBe(200);
    const row = desk.locator('[data-testid=device-table] tr', { hasText: 'Lobby 2' });
    const warning = row.locator('[data-testid=device-shared]');
    await warning.waitFor({ timeout: 10_000 });
    expect(await warning.textContent()).toMatch(/Used from 2 addresses: 127\.0\.0\.[15], 127\.0\.0\.[15]\./);
    await shoot(desk, 'devices-shared-credential-1440x900');
    expect(await axeViolations(desk)).toEqual([]);
  });

  it('sends a revoked kiosk back to the pairing screen, saying why', async () => {
    const desk = pages.desk;
    const row = desk.locator('[data-testid=device-table] tr', { hasText: 'Lobby 2' });
    await row.locator('[data-testid=revoke]').click();
    await shoot(desk, 'devices-revoke-confirm-1440x900');
    await row.locator('[data-testid=revoke-confirm]').click();
    await row
      .locator('[data-state=revoked]')
      .or(desk.locator('tr[data-state=revoked]', { hasText: 'Lobby 2' }))
      .first()
      .waitFor();
    await pages.lobby2.locator('[data-testid=pairing-revoked]').waitFor({ timeout: 20_000 });
    // Its copy on the other machine (above) is shut out with it.
    expect((await copied!.send('POST', '/app/kiosk.settings', { body: {} })).status).toBe(401);
    expect(await codeOn(pages.lobby2)).toMatch(/^\d{6}$/);
    // A guest who walks up to it is sent to reception, in each guest language.
    const forGuests = pages.lobby2.locator('[data-testid=pairing-guests] li');
    expect(await forGuests.count()).toBe(15);
    expect(await pages.lobby2.locator('[data-testid=pairing-guests] li[lang=zh-CN]').textContent()).toBe('请到前台');
    await shoot(pages.lobby2, 'pairing-revoked-1080x1920');
    expect(await axeViolations(pages.lobby2)).toEqual([]);
    // The other kiosk is not affected.
    expect(await pages.lobby1.locator('[data-testid=kiosk-search]').count()).toBe(1);
  });

  it('says calmly when a device loses the hub: the kiosk sends guests to reception, the desk shows a banner', async () => {
    const kiosk = pages.lobby1;
    const desk = pages.desk;
    // The hub out of reach for these two: their event streams cannot get through (the calls still can, so
    // the pages load again as they were); the reload drops the stream that is open now.
    for (const page of [kiosk, desk]) {
      await page.route('**/app/events', (route) => route.abort('connectionrefused'));
      await page.reload();
    }
    await kiosk.locator('[data-testid=kiosk-hub-lost]').waitFor({ timeout: 10_000 });
    await desk.locator('[data-testid=hub-lost]').waitFor({ timeout: 10_000 });
    // In the guest's language: the picker stays on the calm screen.
    await kiosk.click('[data-testid=language-button]');
    await kiosk.click('[data-testid=language-DE]');
    await kiosk
      .locator('[data-testid=kiosk-hub-lost] h1', { hasText: 'Bitte wenden Sie sich an den Empfang' })
      .waitFor();
    await shoot(kiosk, 'kiosk-hub-lost-de-1080x1920');
    expect(await axeViolations(kiosk)).toEqual([]);
    await shoot(desk, 'desk-hub-lost-1440x900');
    expect(await axeViolations(desk)).toEqual([]);

    // The hub is back: both carry on by themselves.
    for (const page of [kiosk, desk]) await page.unroute('**/app/events');
    await kiosk.locator('[data-testid=kiosk-search]').waitFor({ timeout: 15_000 });
    await desk.locator('[data-testid=hub-lost]').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('delivers every check-in to the service exactly once when it is started again', async () => {
    service = await site.restartService();
    await core.call(local, 'sync.now', {}).catch(() => undefined);
    const ids = [...guests.values()].map((g) => g.invitationId);
    await until(
      () => ids.every((id) => relay.delivered.some((d) => d.id === id)),
      'every check-in to reach the service',
      { timeout: 30_000 },
    );
    // Nothing is left to send: a second delivery could only come from a row still open.
    await until(() => {
      const counts = runtime.outbox.counts();
      return counts.pending + counts.sending === 0;
    }, 'the outbox to have nothing left to send');
    for (const id of ids) {
      expect(
        relay.delivered.filter((d) => d.id === id),
        `check-in ${id}`,
      ).toHaveLength(1);
      expect(serviceState(service.db, id)).toBe('CHECKED_IN');
    }
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
