/**
 * The week's events: which location, day, kind and time slot each event has,
 * how many guests it invites, which guest company it is about, and whether
 * it is still a draft. Only decided here, not written (see events.ts).
 */
import type { KnownGuestLanguage } from '../../shared/api/primitives.ts';
import type { DemoLocation } from './company.ts';
import type { GuestCompany } from './names.ts';
import type { Random } from './random.ts';
import {
  LATEST_END_HOUR,
  languageWeights,
  pickGuestCompany,
  SIZES,
  START_HOURS,
  type Size,
  type Template,
  TEMPLATES,
} from './templates.ts';
import { dayKey, HOUR, localMidnight, MINUTE } from '../../shared/time.ts';
import { bringToNow } from './now-events.ts';

export type LanguageWeights = readonly (readonly [KnownGuestLanguage, number])[];

export interface PlannedEvent {
  location: DemoLocation;
  /** The languages of the location's guests, weighted. */
  languages: LanguageWeights;
  template: Template;
  startsAt: number;
  endsAt: number;
  company: GuestCompany;
  count: number;
  draft: boolean;
}

/**
 * Events from yesterday to six days ahead until `total` invitations are
 * given out, in order of their start; every location has one today.
 */
export function planEvents(
  r: Random,
  {
    now,
    total,
    locations,
    timeZone,
  }: { now: number; total: number; locations: readonly DemoLocation[]; timeZone?: string | undefined },
): PlannedEvent[] {
  // The days and hours of the time zone (the machine's unless said): a demo in Auckland has its meetings in
  // Auckland's office hours, and a kiosk's "today" there is the demo's today.
  const today = localMidnight(now, 0, timeZone);
  const dayWeights = weekWeights(today, timeZone);
  const locationWeights = locations.map((l, i) => [l, i === 0 && locations.length > 1 ? 2 : 1] as const);
  const languagesAt = new Map(locations.map((l) => [l.id, languageWeights(l.name)]));
  const templateWeights = TEMPLATES.map((t) => [t, t.weight] as const);
  const guestsPerEvent = guestCounts(total);

  const planned: PlannedEvent[] = [];
  for (let remaining = total; remaining > 0;) {
    const first = planned.length < locations.length; // every location gets an event today
    const location = first ? (locations[planned.length] as DemoLocation) : r.weighted(locationWeights);
    const day = first ? today : r.weighted(dayWeights);
    const template = r.weighted(templateWeights);
    const { startsAt, endsAt } = timeSlot(r, { template, day, now, underWay: first });
    const [lo, hi] = guestsPerEvent(template.size);
    const count = Math.min(remaining, r.int(lo, hi));
    remaining -= count;
    const languages = languagesAt.get(location.id) ?? languageWeights('');
    planned.push({
      location,
      languages,
      template,
      startsAt,
      endsAt,
      company: pickGuestCompany(r, languages),
      count,
      draft: startsAt > now && r.chance(0.11),
    });
  }
  // Whatever the hour: a party under way, guests arriving, several languages (now-events.ts).
  bringToNow(planned, now, locations);
  return planned.sort((a, b) => a.startsAt - b.startsAt || a.location.id - b.location.id);
}

/** Yesterday to six days ahead, today busiest, weekends quiet. */
function weekWeights(today: number, timeZone: string | undefined): (readonly [number, number])[] {
  const days: (readonly [number, number])[] = [];
  for (let d = -1; d <= 6; d++) {
    // Local midnights: a day with a change of the clocks has 23 or 25 hours.
    const day = localMidnight(today + 12 * HOUR, -d, timeZone);
    const weekday = new Date(`${dayKey(day, timeZone)}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    days.push([day, d === 0 ? 1.5 : weekend ? 0.25 : 1]);
  }
  return days;
}

/** The guest-count range of each event size, scaled up for large demos (at most 200 an event). */
function guestCounts(total: number): (size: Size) => readonly [number, number] {
  const maxPerEvent = Math.min(200, Math.max(30, Math.ceil(total / 400)));
  const scale = maxPerEvent / 30;
  return (size) => {
    const [lo, hi] = SIZES[size];
    if (size === 'tiny') return [lo, hi];
    return [Math.max(1, Math.round(lo * scale)), Math.min(maxPerEvent, Math.round(hi * scale))];
  };
}

/**
 * When an event of a template runs on a day. `underWay`: the first event of
 * each location is under way at `now`, whatever the hour (within office
 * hours by day; outside them an evening's or a night shift's visit), so that
 * the demo always has guests to find and check in at the kiosk.
 */
function timeSlot(
  r: Random,
  { template, day, now, underWay }: { template: Template; day: number; now: number; underWay: boolean },
): { startsAt: number; endsAt: number } {
  const slot = plannedSlot(r, template, day, now, underWay);
  if (!underWay || (slot.startsAt <= now && now < slot.endsAt)) return slot;
  // A template of its own hours (all day, or a fixed start), or outside office hours: moved to now.
  const half = 30 * MINUTE;
  const duration = Math.max(slot.endsAt - slot.startsAt, half);
  const startsAt = Math.max(day, Math.floor(now / half) * half - r.int(1, 4) * half);
  return { startsAt, endsAt: Math.max(startsAt + duration, Math.ceil((now + half) / half) * half) };
}

/** The template's own slot on the day; in office hours, the first event of a location is moved to now. */
function plannedSlot(
  r: Random,
  template: Template,
  day: number,
  now: number,
  underWay: boolean,
): { startsAt: number; endsAt: number } {
  if (template.allDay) return { startsAt: day + 9 * HOUR, endsAt: day + 17 * HOUR };
  const [minH, maxH] = template.hours ?? [1, 2];
  const duration = r.int(minH * 2, maxH * 2) * 30 * MINUTE;
  const hour = template.at ?? r.weighted(START_HOURS);
  const minute =
    template.at !== undefined
      ? 0
      : r.weighted([
          [0, 60],
          [30, 34],
          [15, 3],
          [45, 3],
        ] as const);
  let startsAt = day + hour * HOUR + minute * MINUTE;
  let endsAt = Math.min(startsAt + duration, day + LATEST_END_HOUR * HOUR);
  startsAt = endsAt - duration;
  if (underWay && template.at === undefined && now - day >= 8.5 * HOUR && now - day < 18 * HOUR) {
    const half = 30 * MINUTE;
    startsAt = Math.max(day + 8 * HOUR, Math.floor(now / half) * half - r.int(1, 4) * half);
    endsAt = Math.min(
      day + LATEST_END_HOUR * HOUR,
      Math.max(startsAt + duration, Math.ceil((now + half) / half) * half),
    );
  }
  return { startsAt, endsAt };
}
