/**
 * How many of the day's guests a kiosk may show. Each lookup shows at most
 * five, but lookups are free: two-letter prefixes, a third letter where five
 * came back, and so on, list the whole day in minutes. So what is counted is
 * the distinct guests shown, in a sliding window, per kiosk session and per
 * client (an address, a paired device: all its sessions together, so that a
 * new cookie buys nothing). A guest shown again (typing on, a backspace,
 * typing it again) costs nothing. Each distinct guest the kiosk served (a
 * check-in or check-out: the same guest checked out, taken back and checked
 * out again is one) gives room for the next one's typing, so a busy lobby kiosk does
 * not meet the budget, and a script that only looks does, after the few
 * dozen names a person at the kiosk could have read. One budget per running
 * core, kept in memory: the kiosk's guests and the walk-ins' hosts are
 * counted in it together.
 */
import { MINUTE } from '../../../shared/time.ts';
import { AppError } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import { countedClient } from './pin-guard.ts';

export interface LookupBudgetLimits {
  windowMs: number;
  /** Distinct guests one kiosk session may be shown in a window. */
  session: number;
  /** Distinct guests one client (address or device), all its sessions together, may be shown in a window. */
  client: number;
  /** More for each guest served (checked in or out) in the window, for at most `maxServed` of them. */
  perServed: number;
  maxServed: number;
  /** The most guests one lookup shows: a lookup is refused unless that many fit. */
  perLookup: number;
}

export const LOOKUP_BUDGET: LookupBudgetLimits = {
  windowMs: 10 * MINUTE,
  session: 60,
  client: 120,
  perServed: 30,
  maxServed: 20,
  perLookup: 5,
};

interface Account {
  /** Invitation id → when last shown, oldest first. */
  shown: Map<number, number>;
  /** Invitation id → when last served, oldest first: distinct guests, so serving one again buys nothing. */
  served: Map<number, number>;
}

const MAX_ACCOUNTS = 5_000;

export interface LookupBudget {
  /** Refuses (REFUSED, with the wait) when the session or its client may not be shown another lookup's guests. */
  check(who: { id: string; client: string }, now: number): void;
  /** The guests a lookup showed. */
  shown(who: { id: string; client: string }, invitationIds: readonly number[], now: number): void;
  /** A guest was checked in or out: room for the next guest's typing (once per guest in a window). */
  served(who: { id: string; client: string }, invitationId: number, now: number): void;
}

export function createLookupBudget(limits: LookupBudgetLimits = LOOKUP_BUDGET): LookupBudget {
  const accounts = new Map<string, Account>();

  function account(key: string, now: number): Account {
    let found = accounts.get(key);
    if (found)
      accounts.delete(key); // kept most recently used last: the least recently used goes first
    else if (accounts.size >= MAX_ACCOUNTS) accounts.delete(accounts.keys().next().value!);
    found ??= { shown: new Map(), served: new Map() };
    accounts.set(key, found);
    for (const times of [found.shown, found.served])
      for (const [id, at] of times) {
        if (now - at < limits.windowMs) break;
        times.delete(id);
      }
    return found;
  }

  const keysOf = (who: { id: string; client: string }): [string, number][] => [
    [`session:${who.id}`, limits.session],
    [`client:${countedClient(who.client)}`, limits.client],
  ];

  /** When enough of the shown guests leave the window for one more lookup. */
  function waitFor(shown: Map<number, number>, excess: number, now: number): number {
    let n = 0;
    for (const at of shown.values()) if (++n >= excess) return at + limits.windowMs - now;
    return limits.windowMs;
  }

  return {
    check(who, now) {
      for (const [key, base] of keysOf(who)) {
        const { shown, served } = account(key, now);
        const allowance = base + limits.perServed * Math.min(served.size, limits.maxServed);
        const excess = shown.size + limits.perLookup - allowance;
        if (excess > 0)
          throw new AppError(
            'REFUSED',
            `this kiosk has shown many guests in the last minutes; look up again in ${Math.ceil(waitFor(shown, excess, now) / MINUTE)} min, or ask at the reception desk`,
          );
      }
    },
    shown(who, invitationIds, now) {
      for (const [key] of keysOf(who)) {
        const { shown } = account(key, now);
        for (const id of invitationIds) {
          shown.delete(id);
          shown.set(id, now);
        }
      }
    },
    served(who, invitationId, now) {
      for (const [key] of keysOf(who)) {
        const { served } = account(key, now);
        served.delete(invitationId);
        served.set(invitationId, now);
      }
    },
  };
}

const budgets = new WeakMap<Runtime, LookupBudget>();

/** This core's lookup budget (made on first use; a restarted process starts afresh). */
export function lookupBudgetOf(runtime: Runtime): LookupBudget {
  let budget = budgets.get(runtime);
  if (!budget) {
    budget = createLookupBudget();
    budgets.set(runtime, budget);
  }
  return budget;
}

/**
 * For benchmarks that play a whole day's guests in one kiosk session within a minute (the kiosk's speed in
 * Chromium): other lookup limits for this core. Never called by the app.
 */
export function setLookupBudget(runtime: Runtime, limits: LookupBudgetLimits): void {
  budgets.set(runtime, createLookupBudget(limits));
}
