/**
 * Timers a test can count (electron/core/sync/job.ts's Timers): real ones,
 * each kept in a set from the moment it is set until it fires or is cleared.
 */
import type { Timers } from '../../electron/core/sync/job.ts';

export interface CountedTimers extends Timers {
  /** Timers set and not yet fired nor cleared. */
  pending(): number;
  /** The most that were pending at once. */
  mostPending(): number;
  /** Timers that fired so far (read it twice: the difference is the timers that fired in between). */
  fired(): number;
  /** The delay, in ms, each pending timer was set with. */
  pendingDelays(): number[];
}

export function countedTimers(): CountedTimers {
  const pending = new Map<NodeJS.Timeout, number>();
  let most = 0;
  let fired = 0;
  return {
    setTimeout(callback, ms) {
      const handle: NodeJS.Timeout = setTimeout(() => {
        pending.delete(handle);
        fired++;
        callback();
      }, ms);
      pending.set(handle, ms);
      most = Math.max(most, pending.size);
      return handle;
    },
    clearTimeout(handle) {
      clearTimeout(handle);
      pending.delete(handle);
    },
    pending: () => pending.size,
    mostPending: () => most,
    fired: () => fired,
    pendingDelays: () => [...pending.values()],
  };
}
