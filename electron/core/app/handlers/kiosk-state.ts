/**
 * What the kiosk keeps in memory per running core: the check-ins each session
 * made in the last minutes, the key of its tickets, the lookup budget, and
 * the guard on unknown codes. A restarted process starts afresh: a ticket of
 * before opens nothing, and the budgets begin again.
 */
import { type Arrivals, createArrivals } from '../../kiosk/arrivals.ts';
import {
  createLookupBudget,
  LOOKUP_BUDGET,
  type LookupBudget,
  type LookupBudgetLimits,
} from '../../kiosk/lookup-budget.ts';
import { createTickets, type Tickets } from '../../access/tickets.ts';
import type { Runtime } from '../../runtime.ts';
import { createPinGuard, type PinGuard, type PinLimit } from '../../access/pin-guard.ts';

/** At most this many guests per lookup: enough to find oneself, too few to browse a visitor list. */
export const KIOSK_RESULTS = 5;

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
  tickets: Tickets;
  budget: LookupBudget;
  codes: PinGuard;
}

const kioskState = new WeakMap<Runtime, KioskState>();

export function kioskStateOf(runtime: Runtime, budget: LookupBudgetLimits = LOOKUP_BUDGET): KioskState {
  let state = kioskState.get(runtime);
  if (!state) {
    state = {
      arrivals: createArrivals(),
      departures: createArrivals(),
      tickets: createTickets(),
      budget: createLookupBudget(budget),
      codes: createPinGuard({
        limits: CODE_LIMITS,
        names: { failures: 'unknown codes', lockout: 'kiosk code limit' },
      }),
    };
    kioskState.set(runtime, state);
  }
  return state;
}

/**
 * For benchmarks that play a whole day's guests in one kiosk session within a minute (the kiosk's speed in
 * Chromium): other lookup limits for this core. Never called by the app.
 */
export function setKioskLookupBudget(runtime: Runtime, limits: LookupBudgetLimits): void {
  kioskStateOf(runtime).budget = createLookupBudget(limits);
}
