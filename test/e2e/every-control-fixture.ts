/**
 * Set-up of the every-control tests (every-control-*.test.ts): the app on the
 * embedded demo at the tests' moment (support/clock.ts), one page whose page
 * errors and console errors are collected, and `pressEveryControl`, which
 * finds the controls in the DOM (so a button added tomorrow is pressed too),
 * presses each once, waits until the page has settled after each, and fails
 * on the first error. Controls that need something first (a reason typed, a
 * form filled) are set up by the test's explicit list; controls it must not
 * press are skipped by an explicit list with the reason.
 */
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { iso, uid } from '../support/basics.ts';
import { type BrowserApp, openBrowserApp, openPage } from '../support/browser-app.ts';

export const ADMIN_PIN = '2468';
export const DESK_PIN = '2580';

export interface ControlsPage {
  app: BrowserApp;
  page: Page;
  /** Page errors and console errors (React's among them) since the page opened: the tests expect none. */
  errors: string[];
  /** Resolves once no call to the core has been under way for three frames (or after 3 s), and a frame more. */
  settle(): Promise<void>;
  /** The calls to the core under way now (the event stream aside). */
  calls: Set<Request>;
}

/** The app with both PINs, synced once (after `prepare`, if given), and a page of it at `viewport`. */
export async function openControlsPage(
  name: string,
  viewport: { width: number; height: number },
  prepare?: (app: TestApp) => Promise<void>,
): Promise<ControlsPage> {
  const app = await openBrowserApp({
    name: `foyer-e2e-controls-${name}-`,
    pins: { admin: ADMIN_PIN, desk: DESK_PIN },
    prepare: async (opened) => {
      await prepare?.(opened);
      await opened.runtime.engine.syncNow();
    },
  });
  const errors: string[] = [];
  const page = await openPage(app, { viewport, hasTouch: viewport.height > viewport.width }, errors);
  page.on('console', (message) => {
    // A refused call (a wrong PIN's 401) is the browser's note about the network, not the app's error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console: ${message.text()}`);
  });
  page.on('dialog', (dialog) => void dialog.accept());
  // The calls under way: the event stream stays open for good and is no call.
  const calls = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/app/events')) calls.add(request);
  });
  page.on('requestfinished', (request) => calls.delete(request));
  page.on('requestfailed', (request) => calls.delete(request));
  const frame = () => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(null)))');
  // Quiet when no call is under way for three frames; a call still open after 3 s is not waited for (it is the
  // page's business, and an error it leads to is caught after a later press).
  const settle = async () => {
    const until = performance.now() + 3_000;
    for (let quiet = 0; quiet < 3 && performance.now() < until;) {
      await frame();
      quiet = calls.size === 0 ? quiet + 1 : 0;
    }
    await frame();
  };
  await page.goto(app.url);
  return { app, page, errors, settle, calls };
}

/** An event of the embedded service at the app's location from `startsAt` to `endsAt`, one invitation per person. */
export async function putEvent(
  { runtime }: Pick<TestApp, 'runtime'>,
  name: string,
  startsAt: number,
  endsAt: number,
  people: [string, string][],
): Promise<void> {
  const { baseUrl, token } = runtime.embedded!;
  const event = {
    sourceId: uid('controls-e2e'),
    name,
    startsAt: iso(startsAt),
    endsAt: iso(endsAt),
    locationId: runtime.config.locationId,
    invitations: people.map(([firstName, lastName]) => ({ sourceId: uid('g'), firstName, lastName })),
  };
  const response = await fetch(`${baseUrl}/events`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events: [event] }),
  });
  if (!response.ok) throw new Error(`PUT /events: ${response.status} ${await response.text()}`);
}

/** Types on the kiosk's on-screen keyboard, key by key, as a finger does. */
export async function tap(page: Page, text: string): Promise<void> {
  for (const char of text) {
    // The keyboard shows capitals or small letters (by where the cursor is): either is the letter.
    const keys = char === ' ' ? ['{space}'] : [...new Set([char, char.toUpperCase(), char.toLowerCase()])];
    const selector = keys.map((key) => `[data-testid=kiosk-keyboard] [data-skbtn="${key}"]`).join(', ');
    await page.locator(selector).first().click();
  }
}

/** Unlocks the staff screens from the kiosk with `pin`. */
export async function unlock(page: Page, pin: string): Promise<void> {
  await page.click('[data-testid=staff-button]');
  await page.locator('[data-testid=pin-pad]').waitFor();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=desk]').waitFor();
}

/** A control as found in the page: its key names it across renders (its test id, or its panel and its words). */
interface Control {
  index: number;
  key: string;
  kind: 'button' | 'select' | 'check';
  enabled: boolean;
}

/**
 * The controls a person can reach now: in the open modal dialog if there is
 * one (the rest of the page is inert or covered then), else in the whole page. Each is
 * marked (data-ec) so that it can be pressed by that mark; those inside `ignore` (a selector) are not
 * looked at. A string: this
 * file is type-checked for Node, without the DOM's names.
 */
const FIND_CONTROLS = `((ignore) => {
  for (const old of document.querySelectorAll('[data-ec]')) old.removeAttribute('data-ec');
  const modals = document.querySelectorAll('dialog:modal, [aria-modal=true]');
  const root = modals.length > 0 ? modals[modals.length - 1] : document;
  const found = root.querySelectorAll('button, [role=button], [role=tab], summary, select, input[type=checkbox], input[type=radio]');
  const controls = [];
  for (const el of found) {
    if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden' || el.closest('[inert]')) continue;
    if (ignore && el.closest(ignore)) continue;
    const words = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.value || '')
      .trim().replace(/\\s+/g, ' ').replace(/\\d+/g, '#').slice(0, 40);
    const panel = el.parentElement && el.parentElement.closest('[data-testid]');
    const key = el.dataset.testid || ((panel ? panel.dataset.testid : '') + ':' + words);
    const kind = el.tagName === 'SELECT' ? 'select' : el.tagName === 'INPUT' ? 'check' : 'button';
    const enabled = !el.disabled && el.getAttribute('aria-disabled') !== 'true';
    el.setAttribute('data-ec', String(controls.length));
    controls.push({ index: controls.length, key, kind, enabled });
  }
  return controls;
})`;

const MODAL_OPEN = `document.querySelector('dialog:modal, [aria-modal=true]') !== null`;

export interface PressOptions {
  /** Controls not pressed here, each with the reason (pressed by the test itself, or leaving the screen). */
  skip?: Record<string, string>;
  /** What a control needs before it can be pressed (a reason typed, a form filled), by key. */
  setUp?: Record<string, (page: Page) => Promise<void>>;
  /** Controls inside elements matching this selector are not looked at (the kiosk's keyboard, pressed on its own). */
  ignore?: string;
  /** At most this many presses (a guard against a control that keeps changing its name). */
  limit?: number;
  /** Controls that end what others work on (a roll call's End, a confirmation, a revoke): pressed last of those in view. */
  late?: RegExp;
  /** Controls of a view that other presses may close (the guest detail): pressed before the rest of those in view. */
  first?: RegExp;
  /** Controls that leave a view (Close, Cancel, Back, Clear): pressed after the view's others, before the `late` ones. */
  leaving?: RegExp;
  /**
   * How to show again a control that no control of the page shows (the guest
   * detail opens at a click on a row, which is not a button), by its key or
   * by its panel (the key's part before ':').
   */
  show?: Record<string, (page: Page) => Promise<void>>;
}

/** What `late` is unless a test says: ending, confirming, removing. */
export const LATE = /(^|[-:])(end|revoke|remove|delete|reset|confirm)\b/i;
/** What `leaving` is unless a test says. */
export const LEAVING = /(^|[-:])(close|cancel|dismiss|back|clear)\b/i;

export interface PressReport {
  pressed: string[];
  /** Controls seen but never pressed (never enabled, or gone before their turn), not in `skip`. */
  missed: string[];
}

/**
 * Presses every control of the screen once, in the page's order, each time
 * from what the page shows then (a dialog's buttons once it is open). A
 * control seen once but gone before its turn (a dialog's OK after its
 * Cancel closed it) is reached again through the control that showed it.
 * After each press the page settles and must have no error.
 */
export async function pressEveryControl(
  { page, errors, settle, calls }: ControlsPage,
  {
    skip = {},
    setUp = {},
    ignore = '',
    limit = 400,
    late = LATE,
    leaving = LEAVING,
    show = {},
    first = /$^/,
  }: PressOptions = {},
): Promise<PressReport> {
  const showerOf = (key: string) => show[key] ?? show[key.split(':')[0]!];
  const find = `${FIND_CONTROLS}(${JSON.stringify(ignore)})`;
  const pressed = new Set<string>();
  const openers = new Map<string, string | null>();
  /** When each control was first seen (the number of presses before). */
  const seenAt = new Map<string, number>();
  const reopened = new Set<string>();
  let last: string | null = null;
  let wanted: string | null = null;
  /** The control by its mark, or, drawn again since it was marked (a row after an undo), found afresh by its key. */
  const locate = async (control: Control) => {
    const marked = page.locator(`[data-ec="${control.index}"]`);
    if ((await marked.count()) > 0) return marked;
    const again = ((await page.evaluate(find)) as Control[]).find((c) => c.key === control.key);
    expect(again, `${control.key} is still there to press`).toBeDefined();
    return page.locator(`[data-ec="${again!.index}"]`);
  };
  const press = async (control: Control) => {
    const target = await locate(control);
    if (control.kind === 'select') {
      const values = await target
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
      await target.selectOption(values.at(-1) ?? '');
    } else {
      // The element's own click: a download (the visitor log's files) leaves Playwright's click waiting for a navigation.
      const click = async (element: typeof target) => {
        await element.scrollIntoViewIfNeeded({ timeout: 5_000 });
        await element.evaluate((el) => (el as unknown as { click(): void }).click());
      };
      // Drawn again between the look and the press: once more, found by its key.
      await click(target).catch(async () => click(await locate({ ...control, index: -1 })));
    }
    const t0 = performance.now();
    last = control.key;
    await settle();
    if (process.env.FOYER_CONTROLS_LOG)
      console.log(
        `pressed ${control.key} (${Math.round(performance.now() - t0)} ms, pending ${[...calls].map((r) => r.url().replace(/.*\/app\//, '')).join(' ')})`,
      );
    expect(errors, `after pressing ${control.key}`).toEqual([]);
  };
  for (let presses = 0; presses < limit; presses++) {
    const controls = (await page.evaluate(find)) as Control[];
    // A view shown by `show` is shown once no dialog covers the page.
    const canShow = Object.keys(show).length > 0 && !(await page.evaluate(MODAL_OPEN));
    for (const c of controls)
      if (!openers.has(c.key)) {
        openers.set(c.key, last);
        seenAt.set(c.key, presses);
      }
    const open = controls.filter((c) => !pressed.has(c.key) && !(c.key in skip) && (c.enabled || c.key in setUp));
    // What the last press showed first (a toast's Undo before the row's own), then in the page's order; leaving
    // controls after the rest, ending ones last.
    const rank = (c: Control) => (late.test(c.key) ? 2 : leaving.test(c.key) ? 1 : first.test(c.key) ? -1 : 0);
    // The control a reopening was for comes first (else another of the view it showed would take its turn).
    const next =
      open.find((c) => c.key === wanted) ??
      open.sort((a, b) => rank(a) - rank(b) || seenAt.get(b.key)! - seenAt.get(a.key)! || a.index - b.index)[0];
    // A control seen before and not pressed: shown again through the control that showed it, once, before a control
    // that leaves or ends the view (which may take that control away for good).
    const waiting = [...openers].find(
      ([key, opener]) =>
        !pressed.has(key) &&
        !(key in skip) &&
        !reopened.has(key) &&
        !controls.some((c) => c.key === key) &&
        (controls.some((c) => c.key === opener && c.enabled) || (canShow && showerOf(key) !== undefined)),
    );
    if (next && (next.key === wanted || rank(next) === 0 || !waiting)) {
      wanted = null;
      pressed.add(next.key);
      const prepare = setUp[next.key];
      if (prepare) {
        await prepare(page);
        await settle();
        // The set-up may have drawn the page again: the control is found afresh by its key.
        const again = ((await page.evaluate(find)) as Control[]).find((c) => c.key === next.key);
        expect(again?.enabled, `${next.key} after its set-up`).toBe(true);
        await press(again!);
      } else await press(next);
      continue;
    }
    if (!waiting) {
      // A dialog whose every control was pressed and which is still open: Escape, else its Close or Cancel again.
      if (!(await page.evaluate(MODAL_OPEN))) break;
      await page.keyboard.press('Escape');
      await settle();
      if (!(await page.evaluate(MODAL_OPEN))) continue;
      const close = controls.find((c) => c.enabled && /close|cancel|done/i.test(c.key));
      if (!close) break;
      await press(close);
      continue;
    }
    reopened.add(waiting[0]);
    wanted = waiting[0];
    const opener = controls.find((c) => c.key === waiting[1] && c.enabled);
    if (opener) await press(opener);
    else {
      await showerOf(waiting[0])!(page);
      await settle();
    }
  }
  return {
    pressed: [...pressed],
    missed: [...openers.keys()].filter((key) => !pressed.has(key) && !(key in skip)),
  };
}
