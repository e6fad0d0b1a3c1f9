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
 */
import { z } from 'zod';
import { ADMIN, ALL, op, STAFF, PASSIVE } from './op.ts';
import { EvacuationSettings } from './settings.ts';

// The assembly point is a section of the configuration (settings.ts): it stays when this domain goes.
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

const rollCallId = z.object({ rollCallId: z.number().int().positive() }).strict();

export const evacuationOperations = {
  'evacuation.state': op(
    ALL,
    z.object({}).strict(),
    z.object({ active: z.boolean(), assemblyPoint: z.string() }),
    'Whether an evacuation is under way, and where to gather: what a kiosk shows (nothing of who is on site)',
    PASSIVE,
  ),
  'evacuation.start': op(
    STAFF,
    z.object({}).strict(),
    RollCall,
    'Start a roll call: the list of who is on site now is fixed (one already under way is returned as it is)',
  ),
  'evacuation.get': op(
    STAFF,
    z.object({}).strict(),
    RollCall.nullable(),
    'The roll call under way, else the last one that ended; null when there never was one',
    PASSIVE,
  ),
  'evacuation.tick': op(
    STAFF,
    z
      .object({ rollCallId: z.number().int().positive(), invitationId: z.number().int(), accounted: z.boolean() })
      .strict(),
    z.object({ version: z.number().int(), entry: RollCallEntry }),
    'Mark a person as accounted for (or not): the last mark wins, with its time and device',
  ),
  'evacuation.end': op(STAFF, rollCallId, RollCall, 'End the roll call (one already ended is returned as it is)'),
  'evacuation.report': op(
    STAFF,
    rollCallId,
    z.object({ fileName: z.string(), csv: z.string(), rollCall: RollCall }),
    'A roll call as a report: start and end, each person accounted for or missing, by which device and when',
  ),
  'evacuation.setAssemblyPoint': op(
    ADMIN,
    z.object({ assemblyPoint: z.string().max(200, 'the assembly point: at most 200 characters') }).strict(),
    EvacuationSettings,
    "Set the site's assembly point, as the kiosks show it during an evacuation",
  ),
} as const;

export type { EvacuationEvent } from './events.ts';
