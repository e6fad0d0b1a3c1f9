/**
 * The reception desk at a large site (issues 11 and 36): the reference
 * service with the demo week scaled to 20,000 invitations, a core whose
 * mirror holds them with its engine running (pulls on their intervals, the
 * outbox tried every few seconds), the built renderer in Chromium on the
 * browser host.
 * (a) PIN to first row: from Enter on the PIN pad to the first guest row
 *     shown, median of 5 unlocks: < 1.5 s;
 * (b) typing in the search: "Wojciechowski" typed a letter at a time, five
 *     times, measured IN THE PAGE from each keydown's own timeStamp to the
 *     DOM mutation that shows that text's rows (the table's data-query
 *     becomes the text the input event left in the field; the rows come in
 *     the same commit), seen by a MutationObserver: p50 < 100 ms, p90 <
 *     150 ms. The next key comes once the list settled and at least
 *     KEY_GAP_MS after the last one, as a receptionist types. Each sample is
 *     split by the guests.list request's resource timing: keydown to the
 *     request, the request, its answer to the DOM;
 * (c) an idle desk: bytes the page receives in 30 s with nothing changing
 *     (the event stream and any request): < 200 KB.
 * DESK_RUSH=1 types (b) during a morning rush in the same core (desk-rush.ts:
 * 8 kiosks looking guests up a letter every 300 ms and checking them in, 2
 * more desks' streams), as a hub's desk types while its lobby is busy.
 * Before (issue 11): the desk re-fetched the whole list, 8.7 MB, every ~2.5 s
 * while idle (about 100 MB per 30 s). Before (issue 25): a keystroke took
 * 164-167 ms (p50), measured from the test process. Before (issue 36): 182 ms
 * p50 measured in the page as in (b).
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { openPage } from '../support/browser-app.ts';
import { openDeskSite, unlockDesk } from '../support/desk-site.ts';
import { type Check, percentile, report } from './support.ts';
import { type DeskRush, startDeskRush } from './desk-rush.ts';

const GUESTS = 20_000;
const UNLOCKS = 5;
const IDLE_MS = 30_000;
/** Issue 36's figure for (b): the p50 it was measured at, in the page. */
const KEYSTROKE_BEFORE_MS = 182;
const WORD = 'Wojciechowski';
const TIMES = 5;
/** A receptionist's pace: the next key at least this long after the last. */
const KEY_GAP_MS = 150;
/** DESK_RUSH=1: the typing of (b) during a rush in the same core. */
const DURING_RUSH = process.env.DESK_RUSH === '1';
const RUSH = { kiosks: 8, desks: 2, keyMs: 300, nextGuestMs: 1_000 };

/** A keystroke as the page noted it: its keydown's time stamp, and when the DOM showed its text's rows. */
interface KeyTimes {
  text: string;
  at: number;
  done: number;
}

interface KeySample {
  text: string;
  /** keydown to the DOM showing the text's rows. */
  total: number;
  /** keydown to the guests.list request's start, the request, its end to the DOM (NaN: no request seen). */
  toRequest: number;
  request: number;
  toDom: number;
}

/** What the page holds for the measurement (see MEASURE). */
declare const window: { __keys: KeyTimes[]; __requests: { start: number; end: number }[] };

/** Each keystroke split by the first guests.list request that started after its keydown and ended before the DOM showed it. */
function split(keys: KeyTimes[], requests: { start: number; end: number }[]): KeySample[] {
  return keys.map(({ text, at, done }) => {
    const request = requests.find((r) => r.start >= at && r.end <= done);
    return {
      text,
      total: done - at,
      toRequest: request ? request.start - at : NaN,
      request: request ? request.end - request.start : NaN,
      toDom: request ? done - request.end : NaN,
    };
  });
}

/**
 * Installed in the page as text (tsx compiles functions with a helper the
 * page does not have): notes each keydown in the search with its own time
 * stamp, the text its input event leaves in the field, and once the table
 * shows that text's rows (a mutation of its data-query), the keystroke's
 * times; and the guests.list requests' resource timings, to split them by.
 */
const MEASURE = `(() => {
  window.__keys = [];
  window.__requests = [];
  let waiting = null;
  // The guests.list requests' resource timings, as they are entered (often after the DOM changed).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name.endsWith('/app/guests.list')) window.__requests.push({ start: e.startTime, end: e.responseEnd });
  }).observe({ type: 'resource' });
  const search = (target) => target && target.getAttribute && target.getAttribute('data-testid') === 'desk-search';
  document.addEventListener('keydown', (event) => {
    if (search(event.target)) waiting = { at: event.timeStamp, text: null };
  }, true);
  document.addEventListener('input', (event) => {
    if (waiting && search(event.target)) waiting.text = event.target.value.trim();
  }, true);
  new MutationObserver(() => {
    const table = document.querySelector('[data-testid=guest-table]');
    if (!waiting || waiting.text === null || !table || table.getAttribute('data-query') !== waiting.text) return;
    window.__keys.push({ text: waiting.text, at: waiting.at, done: performance.now() });
    waiting = null;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-query'] });
})()`;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

const unlock = (page: Page) => unlockDesk(page, 30_000);

/** Types `key` into the search; resolves once the page measured it (the list shows the text's rows). */
async function keystroke(page: Page, key: string, count: number): Promise<void> {
  await page.keyboard.type(key);
  await page.waitForFunction((n) => window.__keys.length >= n, count, { polling: 'raf', timeout: 10_000 });
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

    // (b) typing a name, measured in the page
    await page.click('[data-testid=desk-search]');
    await page.evaluate(MEASURE);
    const rush: DeskRush | undefined = DURING_RUSH
      ? await startDeskRush({ core: site.core, now: site.now, ...RUSH })
      : undefined;
    let count = 0;
    for (let time = 0; time < TIMES; time++) {
      for (const letter of WORD) {
        const started = performance.now();
        await keystroke(page, letter, ++count);
        await page.waitForTimeout(Math.max(0, KEY_GAP_MS - (performance.now() - started)));
      }
      await page.keyboard.press('Escape'); // clears the search: back to the day's list
      await page.locator('[data-testid=list-day]', { hasText: /^Today/ }).waitFor();
    }
    const samples = split(...(await page.evaluate(() => [window.__keys, window.__requests] as const)));
    const rushed = await rush?.stop();
    if (rushed)
      console.log(
        `  during a rush of ${RUSH.kiosks} kiosks (a key every ${RUSH.keyMs} ms) and ${RUSH.desks} more desks' streams: ` +
          `${rushed.lookups} lookups, ${rushed.checkIns} check-ins (${((rushed.checkIns / rushed.ms) * 1000).toFixed(1)}/s), ` +
          `${rushed.refused} refused, ${(rushed.streamBytes / 1024).toFixed(0)} KB per other desk's stream in ${(rushed.ms / 1000).toFixed(0)} s`,
      );

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
    const keys = sorted(samples.map((k) => k.total));
    const median = (pick: (k: KeySample) => number) =>
      percentile(sorted(samples.map(pick).filter((n) => !Number.isNaN(n))), 50).toFixed(0);
    console.log(`  PIN to first row: ${pin.map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(
      `  "${WORD}" typed ${TIMES} times, ${keys.length} keystrokes: p50 ${percentile(keys, 50).toFixed(0)} ms, ` +
        `p90 ${percentile(keys, 90).toFixed(0)} ms, max ${keys.at(-1)!.toFixed(0)} ms; p50 against issue 36's ` +
        `${KEYSTROKE_BEFORE_MS} ms: ${(percentile(keys, 50) / KEYSTROKE_BEFORE_MS).toFixed(2)}×`,
    );
    console.log(
      `  where a keystroke's time goes (medians): keydown to the request ${median((k) => k.toRequest)} ms, ` +
        `the request ${median((k) => k.request)} ms, its answer to the DOM ${median((k) => k.toDom)} ms`,
    );
    const slowest = [...samples].sort((x, y) => y.total - x.total).slice(0, 4);
    console.log(
      `  slowest: ${slowest.map((k) => `"${k.text}" ${k.total.toFixed(0)} ms (request ${k.request.toFixed(0)})`).join(', ')}`,
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
        name: 'keydown to the final rows, p50 (in the page)',
        value: percentile(keys, 50),
        unit: 'ms',
        target: '< 100',
        ok: percentile(keys, 50) < 100,
      },
      {
        name: 'keydown to the final rows, p90 (in the page)',
        value: percentile(keys, 90),
        unit: 'ms',
        target: '< 150',
        ok: percentile(keys, 90) < 150,
      },
      { name: 'received by an idle desk in 30 s', value: idleKb, unit: 'KB', target: '< 200', ok: idleKb < 200 },
    ];
    return report(`desk at ${GUESTS.toLocaleString('en')} guests${rushed ? ', typing during a rush' : ''}`, checks);
  } finally {
    await site.close();
  }
}
