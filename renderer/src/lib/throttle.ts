/**
 * Calls `fn` at most once per `waitMs`, at once when it has been quiet and
 * then with the latest arguments at the end of the window. The event stream
 * can burst (a status per outbox row while a batch is sent); the screen needs
 * the latest state a few times a second, not every step.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number, now = () => Date.now()) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    timer = undefined;
    last = now();
    const args = pending!;
    pending = undefined;
    fn(...args);
  };
  const call = (...args: A) => {
    pending = args;
    if (timer !== undefined) return;
    const wait = last + waitMs - now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return call;
}
