/**
 * Every control of the admin console pressed once, in Chromium at 1440 x 900,
 * on the demo at the tests' moment: each section (push with a file's
 * preview, outbox, sync, groups and employees, every settings form (a staff
 * member added and removed), a visitor's data (a guest found, exported and
 * forgotten), the audit log) opened from its tab, its controls found in the DOM (a form or
 * button added tomorrow is pressed too) and each pressed once; the console
 * must never show a page error or a React console error. A few controls are
 * not pressed, each for the reason given in SKIP.
 * Screens: test-results/screens/controls-admin-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, SCREENS } from '../support/browser.ts';
import type { Page } from 'playwright-core';
import { HOUR } from '../support/basics.ts';
import {
  ADMIN_PIN,
  type ControlsPage,
  DESK_PIN,
  LATE,
  openControlsPage,
  pressEveryControl,
  putEvent,
} from './every-control-fixture.ts';

let c: ControlsPage;
/** Each section's run: its presses take 50-1000 ms each on a loaded machine. */
const SECTION_MS = 120_000;

/** Not pressed, with the reason. */
const SKIP = {
  lock: 'leaves the console: pressed last, below',
  'setting-hub-enabled':
    "turns this machine into a site hub on port 5443 (hub.test.ts and the hub's integration tests)",
  'hub-restart': "restarts the site hub (the hub's integration tests)",
  'service-remote': 'switches the app away from the embedded service, with no address to reach (admin.test.ts)',
  'test-print':
    'waits for a label printer to be set; the test print against a real printer: e2e/printing.test.ts (and integration/printing/badges.test.ts)',
};
/** A PIN form's button waits for the PIN typed twice: the same PIN again, so that the tests after still unlock. */
const typePin = (role: 'desk' | 'admin', pin: string) => async (page: Page) => {
  await page.fill(`[data-testid=pin-${role}]`, pin);
  await page.fill(`[data-testid=pin-${role}-again]`, pin);
};

/** A guest of their own for "A visitor's data": found once, exported, forgotten. */
const FORGOTTEN = ['Forgetta', 'Everycontrol'] as const;

/** What the settings' buttons wait for, by key. */
const SETTINGS_SET_UP = {
  // A person is added (a name and a PIN of their own), then removed by the row's Remove and its confirmation.
  'staff-add:Add the person': async (page: Page) => {
    await page.fill('[data-testid=staff-name]', 'Every Control');
    await page.fill('[data-testid=staff-pin]', '97531');
  },
  // The search waits for a name; the guest found is exported, then forgotten.
  'forget-find': async (page: Page) => {
    await page.fill('[data-testid=forget-text]', FORGOTTEN.join(' '));
  },
  'pin-form-desk:Change the PIN': typePin('desk', DESK_PIN),
  'pin-form-desk:Set the PIN': typePin('desk', DESK_PIN),
  'pin-form-admin:Change the PIN': typePin('admin', ADMIN_PIN),
  'pin-form-admin:Set the PIN': typePin('admin', ADMIN_PIN),
  // A key of its own; replacing the current one is confirmed first.
  'site-key-form:Use this key': async (page: Page) => {
    await page.fill('[data-testid=setting-site-key]', 'every-control-test-site-key-0123456789abcdef');
    const confirm = page.locator('[data-testid=site-key-confirm]');
    if ((await confirm.count()) > 0) await confirm.check();
  },
};

/** The area switcher and the console's own tabs: each section is opened by its test. */
const FRAME = '.area-nav, .admin-tabs';

async function openSection(section: string) {
  await c.page.click(`[data-testid=tab-${section}]`);
  await c.settle();
}

const shoot = (name: string) => c.page.screenshot({ path: join(SCREENS, `controls-admin-${name}-1440x900.png`) });

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  c = await openControlsPage('admin', { width: 1440, height: 900 }, (app) =>
    putEvent(app, 'Every control visit', app.now() + HOUR, app.now() + 3 * HOUR, [[...FORGOTTEN]]),
  );
  await c.page.click('[data-testid=staff-button]');
  await c.page.locator('[data-testid=pin-pad]').waitFor();
  await c.page.keyboard.type(ADMIN_PIN);
  await c.page.keyboard.press('Enter');
  await c.page.click('[data-testid=area-admin]');
  await c.page.locator('[data-testid=admin]').waitFor();
  await c.settle();
}, 180_000);

afterAll(async () => {
  await c?.app.close();
});

describe('every control of the admin console', () => {
  it(
    'push: a file with errors, its preview and sample, then each kind',
    async () => {
      await openSection('push');
      await c.page.setInputFiles(
        '[data-testid=file-input]',
        join(ROOT, 'resources/samples/identities-with-errors.csv'),
      );
      await c.page.locator('[data-testid=preview]').waitFor();
      const report = await pressEveryControl(c, {
        ignore: FRAME,
        // Another kind or group clears the preview, "Open the outbox" leaves the section: the rest is pressed first.
        late: new RegExp(`${LATE.source}|^kind-|^group-picker`, 'i'),
        skip: {
          ...SKIP,
          'queued:Open the outbox': 'leaves the section: pressed below, after a file of events is queued',
        },
      });
      await shoot('push');
      expect(report.missed).toEqual([]);
      expect(report.pressed).toEqual(expect.arrayContaining(['queue-button']));
      await c.page.click('[data-testid=kind-events]');
      await c.page.setInputFiles('[data-testid=file-input]', join(ROOT, 'resources/samples/events.csv'));
      await c.page.click('[data-testid=queue-button]');
      await c.page.locator('[data-testid=queued]').getByText('Open the outbox').click();
      await c.page.locator('[data-testid=outbox]').waitFor();
      expect(c.errors).toEqual([]);
    },
    SECTION_MS,
  );

  // "A visitor's data" before the settings: the connection's buttons there may start the demo afresh, without the guest.
  for (const section of ['outbox', 'sync', 'browse', 'privacy', 'settings', 'audit'])
    it(
      section,
      async () => {
        await openSection(section);
        const report = await pressEveryControl(c, {
          skip: {
            ...SKIP,
            'employees:Previous': "the demo's employees fit on one page: there is no other page to go to",
            'employee-next': "the demo's employees fit on one page: there is no other page to go to",
          },
          setUp: SETTINGS_SET_UP,
          ignore: FRAME,
        });
        await shoot(section);
        expect(report.missed).toEqual([]);
      },
      SECTION_MS,
    );

  it('locks the console', async () => {
    await c.page.click('[data-testid=lock]');
    await c.page.locator('[data-testid=kiosk]').waitFor();
    await c.settle();
    expect(c.errors).toEqual([]);
  });
});
