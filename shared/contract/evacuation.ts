/**
 * The roll call of an evacuation (a fire, a drill): staff start it at any
 * desk; the list of who is on site at that moment is fixed, guests who
 * arrive during it are added and marked so; every desk screen ticks people
 * off as accounted for, and the ticks of every device meet at the hub (the
 * one core: the last tick of a person wins, with its time and device); every
 * kiosk shows an evacuation screen until it ends; ending it gives a report.
 *
 * It lives in the hub's mirror only: the service's interface has no place for
 * it, so nothing of it is ever sent, and it works with the service away.
 *
 * Two domains, whose operations kept the names the screens call
 * (`evacuation.*`): the roll call (roll-call.ts: start, read, end, report, the
 * assembly point) and its marks (evacuation-marks.ts: a tick). This file is
 * neither: it holds the shapes both return and the screens read, a roll call
 * and its entries (a mark's columns with them), and stays when either goes.
 */
import { z } from 'zod';

// The assembly point is a section of the configuration (settings.ts): it stays when the roll call goes.
export { EvacuationSettings } from './settings.ts';

/** Where a person's check-in was made, as far as the hub knows: a named device, or only the kind of door. */
export const CHECK_IN_PLACES = ['kiosk', 'desk', 'service'] as const;

export const RollCallEntry = z.object({
  invitationId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  hostName: z.string().nullable(),
  /** When they checked in: the tap here, else the service's arrival. */
  arrivedAt: z.string().nullable(),
  /** The device's name when the hub knows it (a paired kiosk or desk), else "kiosk", "desk" or "service". */
  checkedInAt: z.string(),
  /** Not on the list fixed at the start: checked in while the roll call ran. */
  arrivedDuring: z.boolean(),
  accounted: z.boolean(),
  /** The last tick or untick: when, and from which device; null until someone ticked. */
  markedAt: z.string().nullable(),
  markedBy: z.string().nullable(),
});
export type RollCallEntry = z.infer<typeof RollCallEntry>;

export const RollCall = z.object({
  id: z.number().int(),
  /** Moves on every change (a tick, an arrival, the end): a screen that shows an older one asks again. */
  version: z.number().int(),
  startedAt: z.string(),
  startedBy: z.string(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
  location: z.object({ id: z.number().int(), name: z.string().nullable() }),
  assemblyPoint: z.string(),
  counts: z.object({
    total: z.number().int(),
    accounted: z.number().int(),
    missing: z.number().int(),
    arrivedDuring: z.number().int(),
  }),
  entries: z.array(RollCallEntry),
});
export type RollCall = z.infer<typeof RollCall>;

export type { EvacuationEvent } from './events.ts';
