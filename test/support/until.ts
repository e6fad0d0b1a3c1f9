/**
 * The one way a test waits: for a condition, never for a stretch of time.
 *
 * A test that must see something happen polls for it with `until`; the
 * timeout only bounds a hang and is never the assertion. A test that must
 * see something NOT happen does not wait either: it drives the code's clock
 * and timers (the core and the sync engine take `now` and `timers`), or
 * waits with `until` for a later thing that can only come after the one that
 * must not (a later event on the same stream, rounds of the timer that
 * counted), then asserts.
 */

export interface UntilOptions {
  /** How long to keep asking before giving up, in ms (a bound against hanging, not a measure). */
  timeout?: number;
  /** How often to ask, in ms. */
  every?: number;
}

/**
 * Resolves with what `check` returned once it is truthy; rejects with
 * "gave up waiting for <what>" after `timeout` ms (`what` may be a function,
 * read then, to say how far it got). An error `check` throws is thrown at
 * once: it is a failure, not a "not yet".
 */
export async function until<T>(
  check: () => T | Promise<T>,
  what: string | (() => string),
  { timeout = 15_000, every = 10 }: UntilOptions = {},
): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (performance.now() > deadline) {
      const said = typeof what === 'function' ? what() : what;
      throw new Error(`gave up waiting for ${said} after ${timeout} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
