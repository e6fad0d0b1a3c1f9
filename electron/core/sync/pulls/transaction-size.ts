/**
 * Records are applied as pages arrive, in transactions sized by time, not by
 * count: each is kept near TRANSACTION_MS (its size adjusts to what the last
 * one cost per row), and the event loop is let go between two, so that a
 * check-in tapped at the kiosk during a long sync commits within a few
 * milliseconds. What a row costs differs a lot: into an empty mirror (the
 * lookup index built at the end) a few microseconds, into a full one, with
 * the lookup index maintained row by row, a hundred times more.
 */
import type { Mirror } from '../../db/mirror.ts';

const TRANSACTION_MS = 8;
const MIN_ROWS = 10;
const MAX_ROWS = 500;
/**
 * Rows received and not yet applied, at most (then the walk waits): the
 * service answers faster than rows are written, and without a bound a
 * first sync held most of the listing in memory as parsed objects.
 */
const BUFFERED_ROWS = 2_000;

export interface Batcher<T> {
  /** Takes a page's rows; resolves when there is room for more (the walk waits for it). */
  add(items: T[]): Promise<void> | undefined;
  /** Resolves when everything added is applied; rethrows a failure to apply. */
  drain(): Promise<void>;
  /** Applies what is left at once: call inside the pull's last transaction, after drain(). */
  flush(): void;
}

export function batcher<T>(mirror: Mirror, apply: (items: T[]) => void): Batcher<T> {
  let buffer: T[] = [];
  let rows = 50;
  let draining: Promise<void> | null = null;
  let failure: unknown;
  // Walkers waiting for room in the buffer.
  let waiting: (() => void)[] = [];
  const letWaitingOn = () => {
    if (buffer.length >= BUFFERED_ROWS) return;
    const ready = waiting;
    waiting = [];
    for (const resolve of ready) resolve();
  };
  const step = () => {
    const items = buffer.length > rows ? buffer.splice(0, rows) : buffer.splice(0);
    const t0 = performance.now();
    mirror.transaction(() => apply(items));
    const perRow = (performance.now() - t0) / Math.max(1, items.length);
    rows = Math.max(MIN_ROWS, Math.min(MAX_ROWS, Math.round(TRANSACTION_MS / Math.max(perRow, 1e-3))));
  };
  // One transaction per turn of the event loop, until nothing is left.
  const drainLoop = async () => {
    try {
      while (buffer.length > 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (buffer.length > 0) step();
        letWaitingOn();
      }
    } catch (error) {
      failure = error;
      buffer = [];
      letWaitingOn();
    }
  };
  return {
    add(items) {
      for (const item of items) buffer.push(item);
      if (!draining && buffer.length > 0) draining = drainLoop().finally(() => (draining = null));
      return buffer.length < BUFFERED_ROWS ? undefined : new Promise((resolve) => waiting.push(resolve));
    },
    async drain() {
      while (draining) await draining;
      if (failure !== undefined) throw failure;
    },
    flush() {
      if (buffer.length > 0) apply(buffer.splice(0));
    },
  };
}
