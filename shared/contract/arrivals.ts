/**
 * The desk's feed of arrivals: who just checked in, where, newest first, so
 * that a receptionist greets the guest a kiosk let in. Read from the hub's
 * mirror (electron/core/db/repos/arrivals.ts), live on guests-changed.
 */
import { z } from 'zod';
import { op, STAFF, PASSIVE } from './op.ts';

/**
 * Where a guest checked in: a paired device (by its name), a kiosk or a desk
 * that is not a paired device (a browser, the desktop app), here without
 * knowing which door, as a walk-in, or elsewhere (the service had it from
 * another system or site).
 */
export const ARRIVAL_PLACES = ['device', 'kiosk', 'desk', 'here', 'walk-in', 'elsewhere'] as const;
export type ArrivalPlace = (typeof ARRIVAL_PLACES)[number];

export const Arrival = z.object({
  /** Negative: a walk-in let in whose invitation the mirror does not hold yet (as on the desk's lists). */
  invitationId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  /** When: tapped here, else as the service recorded it. */
  at: z.string(),
  /** Checked out again since. */
  left: z.boolean(),
  where: z.object({ kind: z.enum(ARRIVAL_PLACES), name: z.string().nullable() }),
});
export type Arrival = z.infer<typeof Arrival>;

export const MAX_ARRIVALS = 50;

export const ArrivalsInput = z
  .object({
    /** The first moment (ISO 8601): the desk asks from its local midnight, for today's arrivals only. */
    since: z.iso.datetime({ offset: true }).max(40),
    limit: z.number().int().min(1).max(MAX_ARRIVALS).default(10),
  })
  .strict();

export const arrivalsOperations = {
  'arrivals.list': op(
    STAFF,
    ArrivalsInput,
    z.object({ arrivals: z.array(Arrival) }),
    'Who arrived since a moment, newest first, and where they checked in',
    PASSIVE,
  ),
} as const;
