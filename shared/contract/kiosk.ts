/**
 * The kiosk's operations: today's guests found by name, email or code, and
 * the check-in, success screen and check-out of a guest this kiosk found,
 * by the ticket handed out with it. Its settings are in settings.ts.
 */
import { z } from 'zod';
import { Guest } from './guests.ts';
import { ALL, op, PASSIVE } from './op.ts';
import { KioskSettings } from './settings.ts';

/** What a kiosk may see of a guest: enough to recognise oneself, nothing more. */
export const KioskGuest = Guest.pick({
  invitationId: true,
  state: true,
  category: true,
  pending: true,
  firstName: true,
  lastName: true,
  companyName: true,
  language: true,
  eventName: true,
  startsAt: true,
  endsAt: true,
}).extend({
  /**
   * What the kiosk acts with: opaque, for this kiosk session and this guest,
   * for a few minutes. The kiosk's check-in, check-out and success screen take
   * it, never a bare invitation id, so a kiosk acts only on a guest it found.
   */
  ticket: z.string(),
});
export type KioskGuest = z.infer<typeof KioskGuest>;
/** A kiosk's ticket for a guest it found (see KioskGuest.ticket). */
const KioskTicket = z.object({ ticket: z.string().min(1).max(200) }).strict();

/**
 * What `kiosk.checkIn` returns at once (the check-in is queued; the service
 * may see it later): the guest as now shown, the local time of the tap (what
 * the kiosk and the desk show as the arrival until the service's own
 * arrivedAt is known), the host's name, and the signed code for a badge's QR.
 */
export const KioskCheckIn = KioskGuest.extend({
  tappedAt: z.string(),
  hostName: z.string().nullable(),
  /** Null when it could not be signed (the site key unreadable): the check-in stands, the badge has no code. */
  passCode: z.string().nullable(),
  /** The host prints this guest's badge on the site's label printer: the page prints none. */
  hostPrints: z.boolean().optional(),
});
export type KioskCheckIn = z.infer<typeof KioskCheckIn>;

/**
 * The success screen's data, for a check-in this same kiosk session made a
 * few minutes ago (never anyone else's): `doorPin` once the service answered
 * the check-in with accessControl.pin, else null ("please see reception").
 */
export const KioskArrival = z.object({
  invitationId: z.number().int(),
  /** The check-in is still queued: the service has not confirmed it yet. */
  pending: z.boolean(),
  tappedAt: z.string(),
  hostName: z.string().nullable(),
  doorPin: z.string().nullable(),
});
export type KioskArrival = z.infer<typeof KioskArrival>;

/** Han characters: one is a whole given name, so lookup accepts a single one. */
export const HAN = /\p{Script=Han}/u;
export const LookupText = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((text) => text.length >= 2 || HAN.test(text), 'type at least 2 letters (or one Chinese character)');

/** A kiosk check-out: the guest as now shown, and until when this session may still undo it (null: sent at once). */
export const KioskCheckOut = KioskGuest.extend({ undoUntil: z.string().nullable() });
export type KioskCheckOut = z.infer<typeof KioskCheckOut>;

/**
 * Another guest of the same visit (the same event) still expected today, as a
 * party arriving together sees them: the first name and the family name's
 * initial, nothing else, with the ticket to check them in by.
 */
export const KioskPartyMember = z.object({
  firstName: z.string().nullable(),
  lastInitial: z.string().nullable(),
  ticket: z.string(),
});
export type KioskPartyMember = z.infer<typeof KioskPartyMember>;

/**
 * Why typed text found nobody: `visitEnded` when it names a guest of today
 * here whose visit has already ended (told so, and sent to reception), else
 * `notFound`. Says nothing more about who.
 */
export const KioskMiss = z.object({ reason: z.enum(['visitEnded', 'notFound']) });
export type KioskMiss = z.infer<typeof KioskMiss>;

export const kioskOperations = {
  'kiosk.settings': op(ALL, z.object({}).strict(), KioskSettings, 'Kiosk settings', PASSIVE),
  'kiosk.lookup': op(
    ALL,
    z.object({ text: LookupText }).strict(),
    z.array(KioskGuest),
    "Today's guests (at most 5) found by name as typed (any script, typos tolerated), or by their full email",
  ),
  'kiosk.byCode': op(
    ALL,
    z.object({ code: z.string().trim().min(1).max(200) }).strict(),
    KioskGuest.nullable(),
    "Today's guest of a signed Foyer code (or the service's own QR content when a pattern is configured)",
  ),
  'kiosk.checkIn': op(ALL, KioskTicket, KioskCheckIn, 'A guest checks in at the kiosk (queued; returns at once)'),
  'kiosk.arrival': op(
    ALL,
    KioskTicket,
    KioskArrival,
    "The success screen's data of a check-in this session made in the last minutes",
  ),
  'kiosk.checkOut': op(
    ALL,
    KioskTicket,
    KioskCheckOut,
    'A guest checks out at the kiosk (held back a few seconds, so that it can be undone)',
  ),
  'kiosk.undoCheckOut': op(
    ALL,
    KioskTicket,
    KioskGuest,
    'Takes back a check-out this kiosk session made, while it is still held back',
  ),
  'kiosk.party': op(
    ALL,
    KioskTicket,
    z.array(KioskPartyMember),
    "The others of a found guest's visit still expected today (first name and initial), each with a ticket",
  ),
  'kiosk.miss': op(
    ALL,
    z.object({ text: LookupText }).strict(),
    KioskMiss,
    'Why a name found nobody: a visit of today that has ended, or none',
  ),
} as const;
