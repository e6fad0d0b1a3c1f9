/**
 * The kiosk as a guest feels it: a tap on the on-screen keyboard to the
 * results painted, in Chromium through the browser host, with the mirror
 * holding the 100,000 demo invitations of all four locations (the reference
 * service in a second process, --demo-invitations 100000).
 *
 * Each sample: the page notes the pointerdown on a key (the event's own
 * time stamp), then waits until the results list (or "no invitation")
 * answers the text now in the field, and until that frame is painted
 * (requestAnimationFrame, then a message posted from it, which runs after
 * the paint). Guests type the first letters of names of the mirror, 2 to 6
 * letters each, one tap at a time as a finger does.
 *
 * Target (issue 10): p99 < 100 ms. Baseline: 207-250 ms measured before the
 * change, most of it a 200 ms debounce (ratio printed against 207 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuilt, launchChromium, RENDERER } from '../support/browser.ts';
import { createAppCore } from '../../electron/core/app/core.ts';
import { LOOKUP_BUDGET, setLookupBudget } from '../../electron/core/access/lookup-budget.ts';
import { hashPin } from '../../electron/core/access/pins.ts';
import { createConfigStore } from '../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../electron/core/config/token-store.ts';
import { openRuntime } from '../../electron/core/runtime.ts';
import { pullInvitations } from '../../electron/core/sync/pulls.ts';
import { startBrowserHost } from '../../electron/core/web/host.ts';
import { type Check, percentile, report, spawnService, step } from './support.ts';
import { mulberry32 } from '../../service/demo/random.ts';

const INVITATIONS = 100_000;
const LOCATIONS = [10, 11, 12, 13];
const NAMES = 50;
const BASELINE_MS = 207;
const TARGET_P99_MS = 100;

/** What the page holds for the measurement (see MEASURE). */
declare const window: { __taps: number[] };

/**
 * Installed in the page as text: tsx compiles functions with a helper
 * (__name) the page does not have. Notes each key's pointerdown, and once the
 * list answers the field's text, the time to the frame after the paint.
 */
const MEASURE = `(() => {
  window.__taps = [];
  window.__waiting = null;
  function answered() {
    const field = document.querySelector('[data-testid=kiosk-search]');
    const text = field ? field.value.trim() : '';
    const list = document.querySelector('[data-answered]');
    return text !== '' && list !== null && list.getAttribute('data-answered') === text;
  }
  document.addEventListener('pointerdown', (event) => { window.__waiting = event.timeStamp; }, true);
  new MutationObserver(() => {
    const started = window.__waiting;
    if (started === null || !answered()) return;
    window.__waiting = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__taps.push(performance.now() - started);
      channel.port2.postMessage(null);
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-answered'] });
})()`;

export async function run(): Promise<boolean> {
  ensureBuilt();
  const service = await step(
    'start the service',
    () => spawnService(['--demo', '--demo-invitations', String(INVITATIONS)]),
    600_000,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-kiosk-bench-'));
  const configStore = createConfigStore(dataDir);
  // An admin PIN is set, as on any machine in use: without one, a browser on the machine is asked for it first.
  configStore.write({
    ...configStore.read(),
    baseUrl: service.baseUrl,
    locationId: LOCATIONS[0]!,
    pins: { admin: hashPin('802413') },
  });
  createFileTokenStore(dataDir).set('foyer-demo-token');
  const runtime = await step('open the runtime', () => openRuntime({ dataDir }));
  const browser = await step('launch Chromium', launchChromium);
  try {
    const t0 = Date.now();
    for (const locationId of LOCATIONS) {
      const result = await step(`mirror location ${locationId}`, () =>
        pullInvitations(
          { mirror: runtime.mirror, api: runtime.api, config: { ...runtime.config, locationId }, now: Date.now },
          'full',
        ),
      );
      if (!result.complete) throw new Error(`the pull of location ${locationId} was incomplete`);
    }
    await step('sync employees and check-ins', () => runtime.engine.syncNow({ resources: ['employees', 'checkIns'] }));
    const mirrored = runtime.mirror.db.prepare('SELECT count(*) FROM invitations').pluck().get() as number;
    console.log(`mirror: ${mirrored} invitations of locations ${LOCATIONS.join(', ')} (${Date.now() - t0} ms)`);

    // Names a guest would type: Latin letters only, so that the English keyboard has every key.
    const names = runtime.mirror.db
      .prepare(
        `SELECT DISTINCT lower(c.last_name) FROM invitations i JOIN contacts c ON c.id = i.contact_id
         WHERE c.last_name IS NOT NULL AND length(c.last_name) >= 3`,
      )
      .pluck()
      .all() as string[];
    const typable = names.filter((name) => /^[a-z]+$/.test(name));
    const random = mulberry32(20_261_124); // the same names from run to run
    const words = Array.from({ length: NAMES }, () => typable[Math.floor(random() * typable.length)]!.slice(0, 6));

    const core = createAppCore(runtime);
    // 50 names typed within a minute in one session, none checked in: far past the lookup budget that keeps a
    // kiosk from listing the day (issue 21). What is measured here is the speed of each lookup, so it is lifted.
    setLookupBudget(runtime, { ...LOOKUP_BUDGET, session: Infinity, client: Infinity });
    // The core's own share of each tap: the lookup as the host calls it.
    const lookups: { text: string; ms: number }[] = [];
    const call = core.call.bind(core);
    core.call = (async (session: Parameters<typeof call>[0], name: Parameters<typeof call>[1], input: unknown) => {
      const started = performance.now();
      try {
        return await call(session, name, input as never);
      } finally {
        if (name === 'kiosk.lookup')
          lookups.push({ text: (input as { text: string }).text, ms: performance.now() - started });
      }
    }) as typeof core.call;
    const host = await step('start the browser host', () =>
      startBrowserHost({ core, rendererDir: RENDERER, port: 0, pinsSet: true }),
    );
    const page = await step('open a page', () =>
      browser.newPage({ viewport: { width: 1080, height: 1920 }, hasTouch: true }),
    );
    await step('load the kiosk', async () => {
      await page.goto(host.url);
      await page.locator('[data-testid=kiosk-keyboard] [data-skbtn="q"]').waitFor();
      await page.evaluate(MEASURE);
    });

    let expected = 0;
    for (const word of words) {
      for (let i = 0; i < word.length; i++) {
        await page.locator(`[data-testid=kiosk-keyboard] [data-skbtn="${word[i]}"]`).first().click();
        // One letter is no question for the lookup: nothing to answer, nothing measured.
        if (i === 0) continue;
        expected++;
        await page.waitForFunction((count) => window.__taps.length >= count, expected, { timeout: 10_000 });
      }
      await page.locator('[data-testid=kiosk-keyboard] [data-skbtn="{clear}"]').click();
    }
    const taps = (await page.evaluate(() => window.__taps)).sort((a, b) => a - b);
    await host.close();

    const p50 = percentile(taps, 50);
    const p95 = percentile(taps, 95);
    const p99 = percentile(taps, 99);
    console.log(
      `${taps.length} taps over ${NAMES} names: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${taps.at(-1)!.toFixed(1)} ms; p99 is ${(p99 / BASELINE_MS).toFixed(2)}× ` +
        `the ${BASELINE_MS} ms baseline`,
    );
    const core99 = percentile(
      lookups.map((l) => l.ms).sort((a, b) => a - b),
      99,
    );
    const slowest = [...lookups].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `the core's kiosk.lookup: ${lookups.length} calls, p99 ${core99.toFixed(1)} ms; slowest ` +
        slowest.map((l) => `"${l.text}" ${l.ms.toFixed(0)} ms`).join(', '),
    );
    const checks: Check[] = [
      { name: 'tap to results painted p50', value: p50, unit: 'ms', target: 'info', ok: true },
      {
        name: 'tap to results painted p99',
        value: p99,
        unit: 'ms',
        target: `< ${TARGET_P99_MS}`,
        ok: p99 < TARGET_P99_MS,
      },
    ];
    return report(`kiosk: keystroke to results painted, ${mirrored} invitations mirrored`, checks);
  } finally {
    await browser.close();
    await runtime.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
