/**
 * Why a name found nobody at the kiosk. A name that finds nobody may name a
 * guest of today whose visit has already ended: they are told so (and sent
 * to reception), not "no invitation today". The guests such a name matched
 * are returned too, to be counted against the lookup budget as if shown: or a
 * script could spell out the departed guests' names for free.
 */
import { localMidnight } from '../../../shared/time.ts';
import type { Guest } from '../db/repos/guests.ts';
import type { Runtime } from '../runtime.ts';
import { KIOSK_RESULTS } from './lookup.ts';

export function kioskMiss(
  runtime: Runtime,
  text: string,
  now: number,
): { matched: Guest[]; reason: 'visitEnded' | 'notFound' } {
  const { kiosk } = runtime.config;
  const matched = runtime.mirror.guests.lookup(text, {
    locationId: runtime.config.locationId,
    from: new Date(localMidnight(now, 0, kiosk.timeZone ?? undefined)).toISOString(),
    to: new Date(now).toISOString(),
    flow: runtime.config.flow,
    limit: KIOSK_RESULTS,
    now,
    columns: ['names'],
  });
  const ended = matched.some((g) => g.endsAt !== null && Date.parse(g.endsAt) <= now);
  return { matched, reason: ended ? 'visitEnded' : 'notFound' };
}
