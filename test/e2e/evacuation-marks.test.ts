/**
 * Ended visits and the bulk check-out at the desk, end to end in Chromium,
 * at a fixed moment: 21:18 on 14 May 2026 (local time), for the reference
 * service, the core and the page alike (the page on Playwright's clock).
 * Guests of a workshop that ended at 17:00 are still on site: the On site
 * list and the evacuation list show them last, marked "visit ended 17:00";
 * "Everyone whose visit has ended" asks "Check out 3 guests?", checks them
 * out, and one Undo brings all three back; a guest ticked with Space is
 * checked out the same way.
 *
 * Screens: test-results/screens/ended-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import { axeViolations, SCREENS } from '../support/browser.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { uid } from '../support/basics.ts';

const DESK_PIN = '1357';
const local = (hours: number, minutes = 0, day = 14) => new Date(2026, 4, day, hours, minutes).getTime();
const iso = (time: number) => new Date(time).toISOString();

/** One clock for the service and the core: it flows, from whatever moment the test sets. */
let offset = local(14) - Date.now();
const clock = () => Date.now() + offset;
const setClock = (time: number) => void (offset = time - Date.now());

/** The day's events at the location; each guest's name says when their visit ends. */
const EVENTS = [
  { name: 'Day workshop', startsAt: local(9), endsAt: local(17), guests: ['Ada Early', 'Ben Early'] },
  { name: 'Short meeting', startsAt: local(12), endsAt: local(20, 45), guests: ['Emil Recent'] },
  { name: 'Evening talk', startsAt: local(20), endsAt: local(23), guests: ['Cleo Evening'] },
  { name: 'Night shift', startsAt: local(14), endsAt: local(10, 0, 15), guests: ['Dana Night'] },
];

let service: TestService;
let app: BrowserApp;
let page: Page;
const pageErrors: string[] = [];
const desk = createSession('e2e-ended', 'desk', 'desk');

const rowNames = () => page.locator('[data-testid=guest-row] .cell-name strong').allTextContents();
const screen = (name: string) => page.screenshot({ path: join(SCREENS, `ended-${name}.png`) });

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  service = await startTestService({ now: clock });
  const events = EVENTS.map((event) => ({
    sourceId: uid('ended-ev'),
    name: event.name,
    startsAt: iso(event.startsAt),
    endsAt: iso(event.endsAt),
    locationId: 10,
    invitations: event.guests.map((guest) => {
      const [firstName, lastName] = guest.split(' ');
      return { sourceId: uid('inv'), email: `${uid(firstName!.toLowerCase())}@example.test`, firstName, lastName };
    }),
  }));
  const put = await service.call('PUT', '/events', { body: { events } });
  expect(put.status, put.text).toBe(200);

  app = await openBrowserApp({
    name: 'foyer-ended-',
    service,
    now: clock,
    config: { companyId: 1, locationId: 10 },
    pins: { desk: DESK_PIN },
    // At 14:00 everyone checks in at the desk, and the service has them.
    prepare: async ({ core, runtime }) => {
      await core.call(desk, 'sync.now', { full: true });
      const { guests } = await core.call(desk, 'guests.list', {
        from: iso(local(0)),
        to: iso(local(0, 0, 15)),
        limit: 50,
      });
      expect(guests).toHaveLength(5);
      for (const guest of guests)
        await core.call(desk, 'guests.transition', { invitationId: guest.invitationId, action: 'checkIn' });
      await runtime.engine.deliver();
      expect(runtime.outbox.counts()).toMatchObject({ pending: 0, failed: 0 });
    },
  });
  // The evening: the service, the core and the page say 21:18.
  setClock(local(21, 18));
  // The page runs on the app's clock (Playwright's, from 21:18), and its print() only counts (support/browser.ts).
  page = await openPage(app, { viewport: { width: 1440, height: 900 } }, pageErrors);
  await page.goto(app.url);
  await page.click('[data-testid=staff-button]');
  await page.locator('[data-testid=pin-pad]').waitFor();
  await page.keyboard.type(DESK_PIN);
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=desk]').waitFor();
}, 180_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await page?.screenshot({
      path: join(SCREENS, `ended-failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`),
    });
});

afterAll(async () => {
  await app?.close();
  await service?.close();
});

describe('ended visits at the desk', () => {
  it('lists on site whose visit ended more than an hour ago last, marked with the end time', async () => {
    await page.click('[data-testid=tab-onsite]');
    await page.locator('[data-testid=guest-row]').nth(4).waitFor();
    const names = await rowNames();
    expect(names).toHaveLength(5);
    expect(names.slice(3).sort()).toEqual(['Ada Early', 'Ben Early']);
    const marks = page.locator('[data-testid=ended-mark]');
    expect(await marks.allTextContents()).toEqual(['visit ended 17:00', 'visit ended 17:00']);
    // Emil's visit ended 33 minutes ago: not marked yet, nor listed last.
    expect(names.slice(0, 3)).toContain('Emil Recent');
    await screen('on-site');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows them last on the evacuation list, marked, and drops nobody', async () => {
    await page.click('[data-testid=evacuation-button]');
    await page.locator('[data-testid=evacuation]').waitFor();
    const rows = page.locator('[data-testid=evacuation-row]');
    expect(await rows.count()).toBe(5);
    const last = await rows.nth(4).textContent();
    expect(last).toMatch(/Early/);
    expect(await rows.nth(3).textContent()).toMatch(/Early/);
    expect(await page.locator('[data-testid=evacuation-ended]').allTextContents()).toEqual([
      'visit ended 17:00 · ',
      'visit ended 17:00 · ',
    ]);
    expect(await page.locator('[data-testid=evacuation-ended-note]').first().textContent()).toMatch(
      /2 listed last: visit ended over an hour ago/,
    );
    await screen('evacuation');
    // Printed, it stays one A4 page.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=evacuation]').waitFor({ state: 'detached' });
  });
});

describe('the bulk check-out', () => {
  it('checks out everyone whose visit has ended after a confirmation, and one Undo brings them all back', async () => {
    await page.click('[data-testid=bulk-check-out-ended]');
    const dialog = page.locator('[data-testid=bulk-confirm]');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toBe('Check out 3 guests?');
    expect((await dialog.locator('li').allTextContents()).sort()).toEqual(['Ada Early', 'Ben Early', 'Emil Recent']);
    expect(await axeViolations(page)).toEqual([]);
    await screen('confirm');
    // The confirmation has the focus: Enter confirms.
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=toast]', { hasText: '3 guests checked out.' }).waitFor();
    await page.locator('[data-testid=undo-bulk-check-out]').waitFor();
    await page.locator('[data-testid=tab-count-onsite]', { hasText: /^2$/ }).waitFor();
    expect((await rowNames()).sort()).toEqual(['Cleo Evening', 'Dana Night']);
    await screen('checked-out');

    await page.click('[data-testid=undo-bulk-check-out]');
    await page.locator('[data-testid=toast]', { hasText: 'Check-out of 3 guests undone.' }).waitFor();
    await page.locator('[data-testid=tab-count-onsite]', { hasText: /^5$/ }).waitFor();
    expect(app.runtime.outbox.counts().pending).toBe(0);
  });

  it('checks out guests ticked with Space on their row, after the same question', async () => {
    const row = page.locator('[data-testid=guest-row]', { hasText: 'Cleo Evening' });
    await row.focus();
    await page.keyboard.press('Space');
    expect(await row.locator('[data-testid=row-check]').isChecked()).toBe(true);
    expect(await page.locator('[data-testid=bulk-count]').textContent()).toBe('1 guest selected');
    await page.click('[data-testid=bulk-check-out-selected]');
    await page.locator('[data-testid=bulk-confirm] h2', { hasText: 'Check out 1 guest?' }).waitFor();
    await page.click('[data-testid=bulk-confirm-button]');
    await page.locator('[data-testid=toast]', { hasText: '1 guest checked out.' }).waitFor();
    await page.locator('[data-testid=tab-count-onsite]', { hasText: /^4$/ }).waitFor();
    const cleo = (await app.core.call(desk, 'guests.endedVisits', {})).map((g) => g.firstName);
    expect(cleo).not.toContain('Cleo');
    expect(await rowNames()).not.toContain('Cleo Evening');
    expect(pageErrors).toEqual([]);
  });
});
