/**
 * What every integration test's helpers use: time units and stamps, unique ids, an event item.
 * No pause: a change that must get a later timestamp moves an injected clock on (clock.ts).
 */

import { HOUR, iso } from '../../shared/time.ts';

export { DAY, HOUR, iso, MINUTE } from '../../shared/time.ts';
export const fromNow = (ms: number): string => iso(Date.now() + ms);

let counter = 0;
const runId = Math.random().toString(36).slice(2, 7);
/** A sourceId (or name part) no other test uses. */
export function uid(prefix = 'id'): string {
  counter += 1;
  return `${prefix}-${runId}-${counter}`;
}

export type Item = Record<string, unknown>;

/** A valid new event at location 10, under way: from 1 h ago to 2 h from now. */
export function eventItem(overrides: Item = {}): Item {
  return {
    sourceId: uid('ev'),
    name: uid('Event'),
    startsAt: fromNow(-HOUR),
    endsAt: fromNow(2 * HOUR),
    locationId: 10,
    ...overrides,
  };
}
