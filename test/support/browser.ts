/**
 * What every end-to-end test needs of Chromium: the built renderer (rebuilt
 * when a source is newer), Debian's Chromium launched the one way that works
 * here, and axe-core run on a page once its animations have settled.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER = join(ROOT, 'out', 'renderer');
export const SCREENS = join(ROOT, 'test-results', 'screens');

/** The newest change under a folder, so that a stale build is rebuilt rather than tested. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export function ensureBuilt(): void {
  const index = join(RENDERER, 'index.html');
  // The renderer bundles what it imports of shared/ (the contract, the API's limits, time), so all of shared/ counts.
  const sources = Math.max(newest(join(ROOT, 'renderer')), newest(join(ROOT, 'shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 180_000 });
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/**
 * The page's print() as every end-to-end page has it: it counts its calls
 * and opens nothing. Chromium's real print dialog waits for a person, and
 * while it is open `page.pdf` fails ("Page is already being printed"): a
 * test that prints would pass or fail by timing. A string, evaluated in the
 * page: this file is type-checked for Node, without the DOM's names.
 */
const PRINT_STUB = `window.__foyerPrints = 0;
window.print = () => { window.__foyerPrints += 1; };`;

/** Installs the print stub in a page or a whole context, before any of its documents runs a script. */
export async function stubPrint(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(PRINT_STUB);
}

/** How often the page asked to print since it was loaded. */
export const printRequests = async (page: Page): Promise<number> =>
  (await page.evaluate('window.__foyerPrints ?? 0')) as number;

/**
 * Playwright's clock in the page, from `time` on and running at real speed:
 * the renderer's Date says what the core's clock says. Its fake clock also
 * stamps an event when a script first reads `timeStamp` (its performance.now()
 * of that moment), so on a busy page a hand scanner's keys, sent 8 ms apart,
 * look further apart than they were: the page's own event times are put back
 * (read before the clock is installed, restored after it).
 */
export async function installClock(page: Page, time: number): Promise<void> {
  const context = page.context();
  await context.addInitScript(
    `window.__foyerEventTimeStamp = Object.getOwnPropertyDescriptor(Event.prototype, 'timeStamp');`,
  );
  await page.clock.install({ time });
  await context.addInitScript(`Object.defineProperty(Event.prototype, 'timeStamp', window.__foyerEventTimeStamp);`);
}

let axeSource: string | undefined;

/**
 * axe-core's violations on the page as it is now, as "rule: nodes (why)".
 * Panels and cards fade in: axe measures contrast once every animation that
 * ends has ended (on a loaded machine it otherwise sees text at half opacity).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Strings evaluated in the page: this file is type-checked for Node, without the DOM's names.
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => undefined)))`);
  // Evaluated rather than added as a script tag: the page's CSP (rightly) refuses inline scripts.
  axeSource ??= readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axeSource);
  return (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((v) => v.id + ': ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' (' + n.failureSummary + ')').join(' | ')))`)) as string[];
}
