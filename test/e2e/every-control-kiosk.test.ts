/**
 * Every control of the lobby kiosk pressed once, in Chromium at 1080 x 1920
 * with touch, on the demo at the tests' moment: the start screen and the
 * language picker (every language), a check-in of a party of three from one
 * lookup, a check-out and its undo, the walk-in form, and the evacuation
 * screen. Each step is reached by its set-up below; on it, the controls are
 * found in the DOM (a button added tomorrow is pressed too) and each is
 * pressed once; the kiosk must never show a page error or a React console error.
 * Screens: test-results/screens/controls-kiosk-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import { HOUR } from '../support/basics.ts';
import { SCREENS } from '../support/browser.ts';
import { type ControlsPage, openControlsPage, pressEveryControl, putEvent, tap } from './every-control-fixture.ts';

const TALL = { width: 1080, height: 1920 };
let c: ControlsPage;
const desk = createSession('e2e-controls-kiosk-desk', 'desk');

/** The kiosk's frame, on every step: not pressed by the steps (the first test presses the picker's every language). */
const FRAME = {
  'staff-button': 'opens the staff PIN pad: the desk and console files unlock through it',
  'language-button': 'the language picker: pressed with every language in the first test',
};

/** The on-screen keyboard: its keys are pressed in their own test, once, in English. */
const KEYBOARD = '[data-testid=kiosk-keyboard]';
/** Each step's run: its presses take 50-150 ms each on a loaded machine. */
const STEP_MS = 90_000;

const shoot = (name: string) => c.page.screenshot({ path: join(SCREENS, `controls-kiosk-${name}-1080x1920.png`) });

/** Back to the start screen, in English, as the kiosk is after its idle time. */
async function startOver() {
  await c.page.reload();
  await c.page.locator('[data-testid=kiosk-keyboard]').waitFor();
  await c.settle();
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  c = await openControlsPage('kiosk', TALL, async ({ runtime, now }) => {
    const at = now();
    await putEvent({ runtime }, 'Workshop', at - HOUR, at + 2 * HOUR, [
      ['Annika', 'Trollhagen'],
      ['Bernd', 'Trollhagen-Ost'],
      ['Carla', 'Wiesengrund'],
    ]);
  });
  await c.page.locator('[data-testid=kiosk-keyboard]').waitFor();
  await c.settle();
}, 180_000);

afterAll(async () => {
  await c?.app.close();
});

describe('every control of the kiosk', () => {
  it(
    'the start screen and the language picker, every language',
    async () => {
      const report = await pressEveryControl(c, {
        skip: {
          'staff-button': FRAME['staff-button'],
          'kiosk-walk-in': 'its own step below',
          'kiosk-check-out': 'its own step below',
          'kiosk-scan': 'opens the camera, which a headless browser has not: the scan is kiosk.test.ts',
        },
        ignore: KEYBOARD,
      });
      expect(report.missed).toEqual([]);
      expect(report.pressed).toEqual(
        expect.arrayContaining(['language-button', 'language-close', 'language-DE', 'language-EN']),
      );
      // The language chosen last stays: the steps below are in English.
      await c.page.click('[data-testid=language-button]');
      await c.page.click('[data-testid=language-EN]');
      await startOver();
    },
    STEP_MS,
  );

  it(
    'the on-screen keyboard, every key once',
    async () => {
      const report = await pressEveryControl(c, {
        skip: { ...FRAME, 'kiosk-walk-in': 'its own step below', 'kiosk-check-out': 'its own step below' },
        // What the keys typed finds (a result, a "not found") is pressed in the steps below.
        late: /kiosk-(result|back|scan)|walk-in/,
        limit: 80,
      });
      expect(report.pressed.filter((key) => key.startsWith('kiosk-keyboard:')).length).toBeGreaterThan(26);
      await startOver();
    },
    STEP_MS,
  );

  it(
    'a party of three checks in from one lookup',
    async () => {
      await tap(c.page, 'annika');
      await c.page.locator('[data-testid=kiosk-result]').first().waitFor();
      const report = await pressEveryControl(c, {
        skip: { ...FRAME, 'kiosk-walk-in': 'its own step below', 'kiosk-check-out': 'its own step below' },
        // Back and Done leave the step: pressed once the rest of it was.
        late: /kiosk-(back|done-button)/,
        ignore: KEYBOARD,
        limit: 60,
      });
      await shoot('party-done');
      expect(report.pressed).toEqual(
        expect.arrayContaining(['kiosk-result', 'kiosk-party-member', 'kiosk-confirm-button']),
      );
      await startOver();
    },
    STEP_MS,
  );

  it(
    'a guest checks out, and undoes it',
    async () => {
      await c.page.click('[data-testid=kiosk-check-out]');
      await tap(c.page, 'annika');
      await c.page.locator('[data-testid=kiosk-result]').first().waitFor();
      const report = await pressEveryControl(c, {
        skip: { ...FRAME, 'kiosk-walk-in': 'its own step below' },
        late: /kiosk-(back|done-button)/,
        ignore: KEYBOARD,
        limit: 60,
      });
      await shoot('check-out');
      expect(report.pressed).toEqual(expect.arrayContaining(['kiosk-result']));
      await startOver();
    },
    STEP_MS,
  );

  it(
    'the walk-in form, sent and waiting at the desk',
    async () => {
      await c.page.click('[data-testid=kiosk-walk-in]');
      await c.page.locator('[data-testid=walk-in-form]').waitFor();
      await tap(c.page, 'Wilma');
      await c.page.click('[data-testid=walk-in-lastName]');
      await tap(c.page, 'Walker');
      await c.page.click('[data-testid=walk-in-host]');
      await tap(c.page, 'Ute');
      await c.page.locator('[data-testid=walk-in-hosts] button').first().waitFor();
      const report = await pressEveryControl(c, {
        skip: FRAME,
        late: /walk-in-form:|walk-in-waiting:/,
        ignore: KEYBOARD,
        limit: 60,
      });
      await shoot('walk-in');
      expect(report.pressed).toEqual(expect.arrayContaining(['walk-in-host', 'walk-in-submit']));
      await startOver();
    },
    STEP_MS,
  );

  it(
    'the evacuation screen',
    async () => {
      await c.app.core.call(desk, 'evacuation.start', {});
      await c.page.locator('[data-testid=kiosk-evacuation]').waitFor({ timeout: 10_000 });
      await c.settle();
      await shoot('evacuation');
      const report = await pressEveryControl(c, { skip: FRAME, ignore: KEYBOARD });
      expect(report.missed).toEqual([]);
      const rollCall = await c.app.core.call(desk, 'evacuation.get', {});
      await c.app.core.call(desk, 'evacuation.end', { rollCallId: rollCall!.id });
      await c.page.locator('[data-testid=kiosk-keyboard]').waitFor({ timeout: 10_000 });
      expect(c.errors).toEqual([]);
    },
    STEP_MS,
  );
});
