/**
 * The reception desk at a large site (issue 11): the reference service with
 * the demo week scaled to 20,000 invitations, a core whose mirror holds them
 * with its engine running (pulls on their intervals, the outbox tried every
 * few seconds), the built renderer in Chromium on the browser host.
 * (a) PIN to first row: from Enter on the PIN pad to the first guest row
 *     shown, median of 5 unlocks: < 1.5 s;
 * (b) filter keystroke to updated list: from a key typed in the search to
 *     the list showing that search's rows, p50 over 40 keystrokes: < 150 ms;
 * (c) an idle desk: bytes the page receives in 30 s with nothing changing
 *     (the event stream and any request): < 200 KB.
 * Before (issue 11): the desk re-fetched the whole list, 8.7 MB, every ~2.5 s
 * while idle (about 100 MB per 30 s). Before (issue 25): a keystroke took
 * 164-167 ms (p50); a one-letter search across every category read the
 * check-ins once per matched contact (p90 729 ms).
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { openPage } from '../support/browser-app.ts';
import { openDeskSite, unlockDesk } from '../support/desk-site.ts';
import { type Check, percentile, report } from './support.ts';

const GUESTS = 20_000;
const UNLOCKS = 5;
const IDLE_MS = 30_000;
/** Issue 25's figure for (b): the p50 it was measured at. */
const KEYSTROKE_BEFORE_MS = 165;

/** Searches typed a letter at a time (each keystroke one sample), then erased a letter at a time. */
const WORDS = ['mar', 'schmidt', 'anna', 'kov', 'li', 'müller', 'petro', 'garcía'];

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

const unlock = (page: Page) => unlockDesk(page, 30_000);

/** Types `key` into the search and waits until the list shows the rows of the text now in the field. */
async function keystroke(page: Page, key: string): Promise<number> {
  const started = performance.now();
  if (key.length === 1) await page.keyboard.type(key);
  else await page.keyboard.press(key);
  await page.waitForFunction(
    () => {
      // Runs in the page (a function, not a string: the page's CSP forbids eval). No DOM types on this side.
      type Element = { value?: string; getAttribute(name: string): string | null } | null;
      const doc = (globalThis as unknown as { document: { querySelector(selector: string): Element } }).document;
      const field = doc.querySelector('[data-testid=desk-search]');
      const table = doc.querySelector('[data-testid=guest-table]');
      return Boolean(field && table && table.getAttribute('data-query') === field.value);
    },
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
  return performance.now() - started;
}

export async function run(): Promise<boolean> {
  console.log(`desk: ${GUESTS.toLocaleString('en')} invitations in the demo week, a full sync first…`);
  const setUp = performance.now();
  const site = await openDeskSite(GUESTS);
  console.log(`  site ready in ${((performance.now() - setUp) / 1000).toFixed(1)} s`);
  site.runtime.engine.start();
  try {
    // The page's clock at the site's moment (the demo week is built around it), as in the desk's e2e test.
    const pageErrors: string[] = [];
    const page = await openPage(site, { viewport: { width: 1440, height: 900 } }, pageErrors);
    await page.goto(site.url);
    await page.locator('[data-testid=kiosk]').waitFor();

    // (a) PIN to first row
    const unlocks: number[] = [];
    for (let i = 0; i < UNLOCKS; i++) {
      unlocks.push(await unlock(page));
      await page.click('[data-testid=lock]');
      await page.locator('[data-testid=kiosk]').waitFor();
    }
    await unlock(page);

    // (b) filter keystrokes
    const keystrokes: number[] = [];
    await page.click('[data-testid=desk-search]');
    for (const word of WORDS) {
      for (const letter of word) keystrokes.push(await keystroke(page, letter));
      for (let i = 0; i < word.length; i++) {
        const time = await keystroke(page, 'Backspace');
        if (i < word.length - 1) keystrokes.push(time); // the last one empties the field: that is not a filter
      }
    }
    await page.locator('[data-testid=list-day]', { hasText: /^Today/ }).waitFor();

    // (c) idle: everything the page receives (the event stream included) while nothing changes
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    let events = 0;
    cdp.on('Network.dataReceived', (e: { dataLength: number }) => (bytes += e.dataLength));
    cdp.on('Network.requestWillBeSent', () => requests++);
    cdp.on('Network.eventSourceMessageReceived', () => events++);
    await page.waitForTimeout(IDLE_MS);
    const idleKb = bytes / 1024;

    const pin = sorted(unlocks);
    const keys = sorted(keystrokes);
    console.log(
      `  PIN to first row: ${pin.map((t) => t.toFixed(0)).join(', ')} ms; keystrokes: ${keys.length}, p90 ${percentile(keys, 90).toFixed(0)} ms, max ${keys.at(-1)!.toFixed(0)} ms`,
    );
    console.log(
      `  keystroke p50 against issue 25's ${KEYSTROKE_BEFORE_MS} ms: ${(percentile(keys, 50) / KEYSTROKE_BEFORE_MS).toFixed(2)}×`,
    );
    console.log(
      `  idle 30 s: ${(bytes / 1024).toFixed(1)} KB received, ${requests} requests, ${events} stream events (before: ~100 MB per 30 s)`,
    );
    const checks: Check[] = [
      {
        name: 'PIN to first row, median of 5',
        value: percentile(pin, 50),
        unit: 'ms',
        target: '< 1500',
        ok: percentile(pin, 50) < 1500,
      },
      { name: 'PIN to first row, worst of 5', value: pin.at(-1)!, unit: 'ms', target: '(shown)', ok: true },
      {
        name: 'filter keystroke to updated list, p50',
        value: percentile(keys, 50),
        unit: 'ms',
        target: '< 150',
        ok: percentile(keys, 50) < 150,
      },
      { name: 'received by an idle desk in 30 s', value: idleKb, unit: 'KB', target: '< 200', ok: idleKb < 200 },
    ];
    return report(`desk at ${GUESTS.toLocaleString('en')} guests`, checks);
  } finally {
    await site.close();
  }
}
