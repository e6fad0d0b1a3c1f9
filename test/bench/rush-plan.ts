/**
 * The morning rush's plan, the same from run to run (seeded): 600 invited
 * guests in parties of 2 or 3, arriving over the rush with most of them in
 * its middle third; 10 % more who come without an invitation (walk-ins);
 * 5 % of the invited who check out again at a kiosk later in the rush. Times
 * are in ms from the rush's start, at the rush's scale (900 s is 1).
 */
import { GUEST_NAMES } from '../../service/demo/names.ts';
import { Random } from '../../service/demo/random.ts';
import { HOUR } from '../../shared/time.ts';

export const INVITED = 600;
export const WALK_IN_SHARE = 0.1;
export const CHECK_OUT_SHARE = 0.05;
/** The real rush: 15 minutes. */
export const FULL_SECONDS = 900;
/** The share of arrivals in each third of the rush: most in the middle one. */
const THIRDS = [0.2, 0.6, 0.2] as const;

/** Languages whose names a kiosk's Latin keyboard types as written (the lookup folds the accents). */
const LANGUAGES = ['CS', 'DE', 'EN', 'ES', 'FR', 'IT', 'NL', 'PL', 'PT', 'RO', 'TR', 'HU', 'HR'] as const;

export interface PlannedGuest {
  sourceId: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export interface Party {
  /** The event's sourceId and name (unique: a guest recognises their own visit by it). */
  sourceId: string;
  eventName: string;
  guests: PlannedGuest[];
  at: number;
}

export interface PlannedWalkIn {
  firstName: string;
  lastName: string;
  /** Unique: how the desk and the kiosk name the same request. */
  companyName: string;
  at: number;
}

export interface PlannedCheckOut {
  guest: PlannedGuest;
  eventName: string;
  at: number;
}

export interface RushPlan {
  parties: Party[];
  walkIns: PlannedWalkIn[];
  checkOuts: PlannedCheckOut[];
  /** The event bodies for PUT /events (at location 10, under way from an hour ago to four hours ahead). */
  events(now: number): unknown[];
}

function nameOf(random: Random): { firstName: string; lastName: string } {
  const names = GUEST_NAMES[random.pick(LANGUAGES)];
  const female = random.chance(0.5);
  const first = random.pick(female ? names.female : names.male);
  const last = random.pick(names.last);
  return { firstName: first, lastName: typeof last === 'string' ? last : last[female ? 1 : 0] };
}

/** An arrival time in the rush: a third chosen by THIRDS, uniform within it. */
function arrivalAt(random: Random, rushMs: number): number {
  const x = random.float();
  const third = x < THIRDS[0] ? 0 : x < THIRDS[0] + THIRDS[1] ? 1 : 2;
  return ((third + random.float()) / 3) * rushMs;
}

export function planRush(run: string, rushMs: number, seed = 20_260_309): RushPlan {
  const random = new Random(seed);
  const parties: Party[] = [];
  let planned = 0;
  while (planned < INVITED) {
    const left = INVITED - planned;
    const size = left <= 3 ? left : left === 4 ? 2 : random.int(2, 3);
    const index = parties.length;
    const company = `Rush Partner ${index + 1}`;
    const guests = Array.from({ length: size }, (_, i) => ({
      sourceId: `rush-${run}-${index}-${i}`,
      ...nameOf(random),
      companyName: company,
    }));
    parties.push({
      sourceId: `rush-${run}-${index}`,
      eventName: `Visit ${index + 1}`,
      guests,
      at: arrivalAt(random, rushMs),
    });
    planned += size;
  }
  parties.sort((a, b) => a.at - b.at);

  const walkIns = Array.from({ length: Math.round(INVITED * WALK_IN_SHARE) }, (_, i) => ({
    ...nameOf(random),
    companyName: `Walk-in Company ${i + 1}`,
    at: arrivalAt(random, rushMs),
  })).sort((a, b) => a.at - b.at);

  // Who leaves again during the rush: guests who arrived in its first half, back at a kiosk a while later.
  const early = parties.filter((p) => p.at < rushMs / 2);
  const checkOuts: PlannedCheckOut[] = [];
  const chosen = new Set<string>();
  while (checkOuts.length < Math.round(INVITED * CHECK_OUT_SHARE)) {
    const party = random.pick(early);
    const guest = random.pick(party.guests);
    if (chosen.has(guest.sourceId)) continue;
    chosen.add(guest.sourceId);
    const at = Math.min(rushMs, party.at + (0.15 + 0.3 * random.float()) * rushMs);
    checkOuts.push({ guest, eventName: party.eventName, at });
  }
  checkOuts.sort((a, b) => a.at - b.at);

  return {
    parties,
    walkIns,
    checkOuts,
    events: (now) =>
      parties.map((party) => ({
        sourceId: party.sourceId,
        name: party.eventName,
        startsAt: new Date(now - HOUR).toISOString(),
        endsAt: new Date(now + 4 * HOUR).toISOString(),
        locationId: 10,
        invitations: party.guests.map((g, i) => ({
          ...g,
          email: `${party.sourceId}-${i}@rush.example.test`,
        })),
      })),
  };
}
