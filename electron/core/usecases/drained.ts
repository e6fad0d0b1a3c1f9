/** Back-pressure for the files Foyer writes into a stream (the exports). */
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Why an export stopped when the one reading it closed it (a browser that closed its download). */
export function readerWentAway(): Error {
  return new Error('the visitor log was not written: its reader went away');
}

/** Waits until `out` takes more, or fails if it went away (a browser that closed its download). */
export async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw readerWentAway();
  if (!out.writableNeedDrain) return;
  // The listener that loses the race is taken off: one per page would pile up on a long export.
  const done = new AbortController();
  const closed = once(out, 'close', { signal: done.signal }).then(() => {
    throw readerWentAway();
  });
  try {
    await Promise.race([once(out, 'drain', { signal: done.signal }), closed]);
  } finally {
    done.abort();
  }
}
