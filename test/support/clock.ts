/**
 * The moment the end-to-end tests live at. The demo world is built around
 * "now" (visits under way, guests expected, arrivals so far), so a test run
 * against the wall clock sees a different world at 08:00, 18:30 or midnight,
 * and passed or failed by the hour. Here the core, the reference service and
 * the page (Playwright's clock) all start at one chosen moment and run on at
 * real speed from it, so that timers, timeouts and waits behave as usual.
 */

/** A Tuesday morning in office hours (local time), away from a change of the clocks: a normal day at reception. */
const DEFAULT_MOMENT = new Date(2026, 2, 10, 10, 30).getTime();

/**
 * `FOYER_E2E_AT`, a local date and time such as `2026-03-10T21:15`, moves the
 * moment: run an end-to-end file at an evening's or a night's moment to see
 * that the hour does not matter. Anything else is refused, not ignored.
 */
export function momentFrom(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_MOMENT;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`FOYER_E2E_AT: expected a local date and time such as 2026-03-10T21:15, got "${value}"`);
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(year, month - 1, day, hours, minutes).getTime();
}

export const E2E_MOMENT = momentFrom(process.env.FOYER_E2E_AT);

/** A clock that runs on at real speed and that a test can move on at once, instead of waiting. */
export interface TestClock {
  (): number;
  /** Moves the clock on by `ms` (never backwards): a later change gets a later timestamp without a sleep. */
  advance(ms: number): void;
}

/** A clock that reads `start` at the moment it is made and runs on at real speed (never backwards). */
export function clockFrom(start: number): TestClock {
  const origin = performance.now();
  let skipped = 0;
  const clock = () => start + skipped + Math.floor(performance.now() - origin);
  return Object.assign(clock, {
    advance(ms: number) {
      if (ms < 0) throw new Error('a test clock does not go backwards');
      skipped += ms;
    },
  });
}
