/**
 * The desk's guests: the guest shapes every door shows (the kiosk's is cut
 * from them, see kiosk.ts), the desk's view of a day (listed, changed,
 * overview), one guest's detail, door PIN and pass code, the desk's
 * transitions, and the evacuation list.
 */
import { z } from 'zod';
import { GUEST_CATEGORIES } from '../domain/flow.ts';
import { id, op, STAFF, PASSIVE } from './op.ts';

export const Guest = z.object({
  invitationId: z.number().int(),
  state: z.string(),
  category: z.enum(GUEST_CATEGORIES),
  pending: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  companyName: z.string().nullable(),
  language: z.string().nullable(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  locationId: z.number().int(),
  hostId: z.number().int().nullable(),
  arrivedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  /** Until when a check-out is held back and can be undone; null when there is nothing to undo. */
  undoUntil: z.string().nullable(),
});
export type Guest = z.infer<typeof Guest>;

/** A guest as the desk lists them: with the host's name. */
export const DeskGuest = Guest.extend({ hostName: z.string().nullable() });
export type DeskGuest = z.infer<typeof DeskGuest>;

/**
 * A guest on the evacuation list: `visitEndedAt` is the end of a visit that
 * ended more than an hour before the list was made ("visit ended 17:00"),
 * else null (shared/domain/visit-end.ts).
 */
export const EvacuationGuest = DeskGuest.extend({ visitEndedAt: z.string().nullable() });
export type EvacuationGuest = z.infer<typeof EvacuationGuest>;

/** Guests one bulk check-out takes at most: a large site's evening, with room to spare. */
export const MAX_BULK_CHECK_OUT = 5_000;
/** What a bulk check-out (or its Undo) did: the guests as now shown, and those refused with the reason. */
export const BulkCheckOut = z.object({
  guests: z.array(DeskGuest),
  refused: z.array(z.object({ invitationId: z.number().int(), reason: z.string() })),
  /** Until when the check-outs are held back and can be undone together; null when none is. */
  undoUntil: z.string().nullable(),
});
export type BulkCheckOut = z.infer<typeof BulkCheckOut>;

export const GUEST_SORTS = ['time', 'name', 'company'] as const;
const instant = z.iso.datetime({ offset: true }).max(40);
/** What the desk shows: a day (or, with text, every day the mirror holds), filtered and sorted. */
export const GuestViewInput = z.strictObject({
  /** The day shown, as the desk's own clock says it: its start and end. */
  from: instant,
  to: instant,
  category: z.enum(GUEST_CATEGORIES).optional(),
  hostId: id.optional(),
  eventId: id.optional(),
  /** A search: every word a prefix of a name, email or company, across every day in the mirror. */
  text: z.string().trim().max(100).optional(),
  sort: z.enum(GUEST_SORTS).default('time'),
});
export type GuestViewInput = z.input<typeof GuestViewInput>;
const CategoryCounts = z.object({ expected: z.number(), onsite: z.number(), left: z.number(), other: z.number() });

export const GuestDetail = DeskGuest.extend({
  host: z
    .object({
      id: z.number().int(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  birthdate: z.string().nullable(),
  /** Whether the service gave a door PIN; the PIN itself only through guests.revealPin. */
  hasPin: z.boolean(),
  trustedId: z.record(z.string(), z.unknown()).nullable(),
  legitimation: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The local time of the check-in's tap at this installation (kiosk or
   * desk). arrivedAt is the service's: the time the check-in reached it,
   * later than the tap when it was made offline.
   */
  tappedAt: z.string().nullable(),
  /** Card numbers and the access window (the PIN left out). */
  accessControl: z.record(z.string(), z.unknown()).nullable(),
  /** What the service sends beyond the interface's fields: parking, licence plate, ... */
  customFields: z.record(z.string(), z.unknown()).nullable(),
  /** When the guest's check-out was the daily automatic one (autoCheckOut): the time it was made; else null. */
  autoCheckedOutAt: z.string().nullable(),
});
export type GuestDetail = z.infer<typeof GuestDetail>;

/** A guest pass: the signed code Foyer issues and the text to put in its QR. */
export const PassCode = z.object({
  invitationId: z.number().int(),
  code: z.string(),
  qrText: z.string(),
});
export type PassCode = z.infer<typeof PassCode>;

/**
 * The guests of the whole mirrored window (days back and ahead, as configured), as a person at a terminal asks
 * about the week: found by what was typed (any script, typos tolerated), or listed, every one or of one category.
 */
export const GuestWindowInput = z.union([
  z.strictObject({ text: z.string().trim().min(1).max(200) }),
  z.strictObject({ category: z.enum(GUEST_CATEGORIES).optional() }),
]);

export const guestsOperations = {
  'guests.window': op(STAFF, GuestWindowInput, z.array(Guest), 'The guests of the mirrored window: found or listed'),
  'guests.list': op(
    STAFF,
    GuestViewInput.extend({
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    z.object({
      /** The version of the guests this answer shows (see guests.changes). */
      version: z.number().int(),
      total: z.number().int(),
      counts: CategoryCounts,
      offset: z.number().int(),
      guests: z.array(DeskGuest),
    }),
    "One page of the desk's view, with the counts per category",
    PASSIVE,
  ),
  'guests.changes': op(
    STAFF,
    GuestViewInput.extend({ since: z.number().int().min(0) }),
    z.object({
      version: z.number().int(),
      /** Too much changed to list: load the view again. */
      reload: z.boolean(),
      total: z.number().int(),
      counts: CategoryCounts,
      /** Changed guests that are in the view, as they are now. */
      changed: z.array(DeskGuest),
      /** Changed guests that are not (or no longer) in the view. */
      removed: z.array(z.number().int()),
    }),
    'What changed in the view since a version: rows and counts, not the whole list',
    PASSIVE,
  ),
  'guests.overview': op(
    STAFF,
    z.strictObject({ from: instant, to: instant }),
    z.object({
      events: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          startsAt: z.string(),
          endsAt: z.string(),
          hostId: z.number().int(),
          guests: z.number().int(),
        }),
      ),
      hosts: z.array(z.object({ id: z.number().int(), name: z.string() })),
      /** Arrivals in each hour from `from`. */
      arrivalsPerHour: z.array(z.number().int()),
      onSite: z.number().int(),
    }),
    'The day at a glance: its events and hosts (for the filters), arrivals per hour, on site now',
    PASSIVE,
  ),
  'guests.passCode': op(
    STAFF,
    z.object({ invitationId: id }).strict(),
    PassCode,
    'The signed code of a guest pass, to print or send',
  ),
  'guests.get': op(
    STAFF,
    // A walk-in let in whose invitation has not come yet is listed as minus its request's id.
    z
      .object({
        invitationId: z
          .number()
          .int()
          .refine((n) => n !== 0, 'an invitation id, or a walk-in as -id'),
      })
      .strict(),
    GuestDetail.nullable(),
    'One guest with details (a walk-in on its way to the service as -id)',
    PASSIVE,
  ),
  'guests.revealPin': op(
    STAFF,
    z.object({ invitationId: id }).strict(),
    z.object({ pin: z.string().nullable() }),
    "The guest's door PIN, when a person asks to see it",
  ),
  'guests.transition': op(
    STAFF,
    z
      .object({
        invitationId: id,
        action: z.enum(['checkIn', 'checkOut', 'undo']),
        /** false: sent at once, with no time to undo it (a terminal offers no Undo); a screen holds a check-out back. */
        undoable: z.boolean().default(true),
      })
      .strict(),
    DeskGuest,
    'Check a guest in or out; undo a check-in, or a check-out still held back',
  ),
  'guests.evacuationList': op(
    STAFF,
    z.object({}).strict(),
    z.object({
      generatedAt: z.string(),
      lastSyncAt: z.string().nullable(),
      /** The name comes from the access profile groups of the location, when they name it. */
      location: z.object({ id: z.number().int(), name: z.string().nullable() }),
      /** Whose visit ended more than an hour before generatedAt come last, marked by visitEndedAt (never dropped). */
      guests: z.array(EvacuationGuest),
    }),
    'Everyone on site, for an evacuation',
    PASSIVE,
  ),
  'guests.endedVisits': op(
    STAFF,
    z.object({}).strict(),
    z.array(DeskGuest),
    'Everyone on site at the location whose visit has ended (for "everyone whose visit has ended")',
  ),
  'guests.checkOutMany': op(
    STAFF,
    z.object({ invitationIds: z.array(id).min(1).max(MAX_BULK_CHECK_OUT) }).strict(),
    BulkCheckOut,
    'Check out several guests at once, held back for one Undo (those who cannot be say why)',
  ),
  'guests.undoCheckOutMany': op(
    STAFF,
    z.object({ invitationIds: z.array(id).min(1).max(MAX_BULK_CHECK_OUT) }).strict(),
    BulkCheckOut,
    'Undo a bulk check-out while it is held back (only check-outs still held back are taken back)',
  ),
} as const;
