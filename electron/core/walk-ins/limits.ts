/**
 * How many walk-in requests a kiosk may make. A request puts a visitor on the
 * desk's list (and, where walk-ins are let in at once, on site and on its
 * way to the service), so a script at a kiosk must not fill either: each
 * kiosk session and each client (an address, a paired device: all its
 * sessions together, so a new cookie buys nothing) may make a few in a
 * sliding window: enough for a family arriving without an invitation, and
 * for a lobby kiosk at 9:00 (a rush of 600 guests with 10 % walk-ins through
 * eight kiosks in 15 minutes brings 5 to 8 to each, most of them in the
 * middle five minutes: 11 at one kiosk was seen in a compressed rush), while
 * a script fills the desk's list with at most 15 at once and 40 an hour from
 * a device. Where
 * walk-ins are let in at once (walkIns.mode "open"), the whole site lets in
 * at most `openSite` in the window; past it, a request waits for a desk's
 * approval, as in "approve" mode, so the lobby keeps working.
 */
import { HOUR, MINUTE } from '../../../shared/time.ts';
import { AppError } from '../errors.ts';
import { countedClient } from '../access/pin-guard.ts';

export interface WalkInLimits {
  /** Requests one kiosk session may make in `sessionWindowMs`. */
  session: number;
  sessionWindowMs: number;
  /** Requests one client (address or device, all its sessions) may make in `clientWindowMs`. */
  client: number;
  clientWindowMs: number;
  /** Visitors the kiosks of the site may let in at once ("open" mode) in `clientWindowMs`; past it they wait. */
  openSite: number;
}

export const WALK_IN_LIMITS: WalkInLimits = {
  session: 15,
  sessionWindowMs: 10 * MINUTE,
  client: 40,
  clientWindowMs: HOUR,
  openSite: 20,
};

const MAX_KEYS = 5_000;

export interface WalkInRequestLimit {
  /** Refuses (REFUSED) when this session or its client made its share of requests; says whether it may be let in at once. */
  check(who: { id: string; client: string }, now: number): { openAllowed: boolean };
  /** A request was made (`letIn`: let in at once, counted against the site's ceiling). */
  made(who: { id: string; client: string }, letIn: boolean, now: number): void;
}

export function createWalkInRequestLimit(limits: WalkInLimits = WALK_IN_LIMITS): WalkInRequestLimit {
  /** Each key's request times, oldest first; the least recently used key goes first past MAX_KEYS. */
  const times = new Map<string, number[]>();
  const recent = (key: string, windowMs: number, now: number): number[] => {
    const list = times.get(key) ?? [];
    times.delete(key);
    if (times.size >= MAX_KEYS) times.delete(times.keys().next().value!);
    while (list.length > 0 && now - list[0]! >= windowMs) list.shift();
    times.set(key, list);
    return list;
  };
  const keysOf = (who: { id: string; client: string }): [string, number, number][] => [
    [`session:${who.id}`, limits.session, limits.sessionWindowMs],
    [`client:${countedClient(who.client)}`, limits.client, limits.clientWindowMs],
  ];

  return {
    check(who, now) {
      for (const [key, max, windowMs] of keysOf(who))
        if (recent(key, windowMs, now).length >= max)
          throw new AppError(
            'REFUSED',
            'several visitors were registered at this kiosk in the last minutes; please ask at the reception desk',
          );
      return { openAllowed: recent('site:open', limits.clientWindowMs, now).length < limits.openSite };
    },
    made(who, letIn, now) {
      for (const [key, , windowMs] of keysOf(who)) recent(key, windowMs, now).push(now);
      if (letIn) recent('site:open', limits.clientWindowMs, now).push(now);
    },
  };
}
