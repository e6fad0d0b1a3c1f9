/**
 * Something to try whatever the hour, the day or the time zone: after the
 * week is planned, every location has at `now` a visit under way with a
 * party (several guests of one visit: some on site, one still to come, see
 * check-ins.ts) and a visit starting within the hour (guests arriving now),
 * and the visits of now speak several languages, one of them in a script
 * other than Latin. What is missing is taken from the week's own events
 * ahead (so the number of invitations stays exact) and moved to now; in
 * office hours the week usually has all of it already, and nothing moves.
 * No random draw is made here: the seed's sequence stays as it was.
 */
import { HOUR, MINUTE } from '../../shared/time.ts';
import type { DemoLocation } from './company.ts';
import type { PlannedEvent } from './plan.ts';

/** Guests of one visit that make a party at the kiosk. */
export const PARTY = 3;
/** Languages written in another script than Latin: a demo shows the lookup with them. */
const OTHER_SCRIPTS = new Set(['RU', 'ZH_CN']);
const HALF = 30 * MINUTE;

const underWay = (e: PlannedEvent, now: number) => !e.draft && e.startsAt <= now && now < e.endsAt;
const arriving = (e: PlannedEvent, now: number) => !e.draft && e.startsAt > now && e.startsAt <= now + HOUR;
const ofNow = (e: PlannedEvent, now: number) => underWay(e, now) || arriving(e, now);

export function bringToNow(planned: PlannedEvent[], now: number, locations: readonly DemoLocation[]): void {
  const moved = new Set<PlannedEvent>();
  const languages = () => new Set(planned.filter((e) => ofNow(e, now)).map((e) => e.company.language));
  /** A visit of later in the week, with a party of guests of one company, in a language the visits of now lack. */
  const candidate = (wantOtherScript: boolean): PlannedEvent | undefined => {
    const spoken = languages();
    const rank = (e: PlannedEvent) =>
      (spoken.has(e.company.language) ? 2 : 0) +
      (wantOtherScript && !OTHER_SCRIPTS.has(e.company.language) ? 4 : 0) +
      (e.template.guests === 'private' ? 1 : 0);
    let best: PlannedEvent | undefined;
    for (const e of planned)
      if (!e.draft && !moved.has(e) && e.startsAt > now + HOUR && e.count >= PARTY && e.template.guests !== 'private')
        if (!best || rank(e) < rank(best)) best = e;
    return best;
  };
  const move = (event: PlannedEvent, location: DemoLocation, slot: { startsAt: number; endsAt: number }) => {
    moved.add(event);
    Object.assign(event, { location, ...slot });
  };
  const duration = (e: PlannedEvent) => Math.max(e.endsAt - e.startsAt, 2 * HOUR);
  // Under way: from the half hour before last, until at least an hour from now.
  const underWaySlot = (e: PlannedEvent) => {
    const startsAt = Math.floor(now / HALF) * HALF - HALF;
    return { startsAt, endsAt: Math.max(startsAt + duration(e), Math.ceil(now / HALF) * HALF + HOUR) };
  };
  // Arriving: at the next half hour (at least a minute ahead), within the kiosk's early-arrival margin.
  const arrivingSlot = (e: PlannedEvent) => {
    const startsAt = Math.ceil((now + MINUTE) / HALF) * HALF;
    return { startsAt, endsAt: startsAt + duration(e) };
  };

  for (const location of locations) {
    const here = planned.filter((e) => e.location.id === location.id);
    const wants: [(e: PlannedEvent) => boolean, (e: PlannedEvent) => { startsAt: number; endsAt: number }][] = [
      [(e) => underWay(e, now) && e.count >= PARTY, underWaySlot],
      [(e) => arriving(e, now) && e.count >= 2, arrivingSlot],
    ];
    for (const [has, slot] of wants) {
      if (here.some(has)) continue;
      const event = candidate(false);
      if (event) move(event, location, slot(event));
    }
  }
  if (![...languages()].some((language) => OTHER_SCRIPTS.has(language))) {
    const event = candidate(true);
    if (event && OTHER_SCRIPTS.has(event.company.language)) move(event, locations[0]!, arrivingSlot(event));
  }
}
