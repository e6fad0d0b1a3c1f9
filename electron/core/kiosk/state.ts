/**
 * What the kiosk keeps in memory per running core: the check-ins and
 * check-outs each session made in the last minutes, and the guard on unknown
 * codes. What other domains share with it is below it, in access/: its
 * tickets (kiosk-guests.ts) and the lookup budget (lookup-budget.ts). A
 * restarted process starts afresh.
 */
import { createPinGuard, type PinGuard, type PinLimit } from '../access/pin-guard.ts';
import type { Runtime } from '../runtime.ts';
import { type Arrivals, createArrivals } from './arrivals.ts';

/**
 * Unknown codes are limited like wrong PINs, by the same guard: per client
 * (a browser's address, a device, the desktop app), whatever the session. A
 * few misses are free (a guest scans the wrong QR); then each makes the next
 * code of that client wait twice as long, up to 5 minutes, never a lockout
 * (a lobby must keep working); a valid code starts the client's count again.
 * Past 500 misses from all clients together, each further miss makes its
 * own client wait too (up to a minute): a valid code from a client that is
 * not waiting is always accepted.
 */
export const CODE_LIMITS: { client: PinLimit; process: PinLimit } = {
  client: { free: 5, firstDelayMs: 1_000, lockoutAfter: Infinity, lockoutMs: 5 * 60_000, forgetMs: 15 * 60_000 },
  process: { free: 500, firstDelayMs: 1_000, lockoutAfter: Infinity, lockoutMs: 60_000, forgetMs: 15 * 60_000 },
};

export interface KioskState {
  arrivals: Arrivals;
  /** The check-outs each session made in the last minutes: the only ones it may undo. */
  departures: Arrivals;
  codes: PinGuard;
}

const kioskState = new WeakMap<Runtime, KioskState>();

export function kioskStateOf(runtime: Runtime): KioskState {
  let state = kioskState.get(runtime);
  if (!state) {
    state = {
      arrivals: createArrivals(),
      departures: createArrivals(),
      codes: createPinGuard({
        limits: CODE_LIMITS,
        names: { failures: 'unknown codes', lockout: 'kiosk code limit' },
      }),
    };
    kioskState.set(runtime, state);
  }
  return state;
}
