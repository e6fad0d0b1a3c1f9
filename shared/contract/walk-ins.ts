/**
 * Walk-ins: a visitor who has no invitation registers at the kiosk (or the
 * desk registers them); the request is local state of the hub until the desk
 * approves it, and an approved walk-in becomes a real event with one
 * invitation at the service (PUT /events, keyed by sourceIds fixed when the
 * request was made), checked in by itself once the mirror holds it.
 * */
import { z } from 'zod';
import { ADMIN, ALL, op, STAFF, PASSIVE } from './op.ts';
import { WALK_IN_MODES, WalkInSettings } from './settings.ts';

// The site's walk-in settings are a section of the configuration (settings.ts): they stay when this domain goes.
export { WALK_IN_MODES, type WalkInMode, WalkInSettings } from './settings.ts';

const name = (what: string) =>
  z.string().trim().min(1, `type the ${what}`).max(100, `the ${what} is at most 100 characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => text || undefined)
    .optional();

/** What a visitor (or the desk for them) fills in. */
export const WalkInForm = z.strictObject({
  firstName: name('first name'),
  lastName: name('last name'),
  companyName: optionalText(100),
  email: z
    .string()
    .trim()
    .max(200)
    .refine((text) => text === '' || z.email().safeParse(text).success, 'an email address such as name@example.com')
    .transform((text) => text || undefined)
    .optional(),
});
export type WalkInForm = z.input<typeof WalkInForm>;

const ticket = z.string().min(1).max(200);
const LANGUAGE = z.string().min(2).max(8);

export const WALK_IN_STATES = ['requested', 'approved', 'declined'] as const;
export type WalkInState = (typeof WALK_IN_STATES)[number];

/** A walk-in request as the desk lists it. */
export const WalkIn = z.object({
  id: z.number().int(),
  state: z.enum(WALK_IN_STATES),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  hostId: z.number().int(),
  hostName: z.string().nullable(),
  /** Who registered it: a kiosk device, the desk, the command line. */
  device: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The service's invitation id, once the mirror holds it. */
  invitationId: z.number().int().nullable(),
});
export type WalkIn = z.infer<typeof WalkIn>;

/** What the kiosk learns of its own request: the outcome, never anything of others. */
export const WalkInStatus = z.object({
  state: z.enum(WALK_IN_STATES),
  /** The host prints the walk-in's badge on the site's label printer (it was queued when they were let in): the page prints none. */
  hostPrints: z.boolean().optional(),
  hostName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  /** The walk-in's signed pass for the badge's QR, from the moment they are let in (null before, or unsigned). */
  passCode: z.string().nullable(),
  /** The visit, once let in: from the approval to its end (the badge's date, the welcome's time). */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type WalkInStatus = z.infer<typeof WalkInStatus>;

/** One host the kiosk offers: the full name, and what the request names them by. */
export const WalkInHost = z.object({ name: z.string(), hostTicket: z.string() });
export type WalkInHost = z.infer<typeof WalkInHost>;

export type { WalkInEvent } from './events.ts';

export const walkInsOperations = {
  'walkIns.settings': op(
    ALL,
    z.object({}).strict(),
    z.object({ mode: z.enum(WALK_IN_MODES) }),
    'Whether the kiosk offers walk-in registration, and how it is approved',
  ),
  'walkIns.siteSettings': op(ADMIN, z.object({}).strict(), WalkInSettings, "The site's walk-in settings, all of them"),
  'walkIns.setSettings': op(
    ADMIN,
    WalkInSettings.required(),
    WalkInSettings,
    'How walk-ins work here: off, approved at the desk, or let in at once; their visit length and entrance',
  ),
  'walkIns.hosts': op(
    ALL,
    z.object({ text: z.string().trim().min(3, 'type at least 3 letters of the name').max(100) }).strict(),
    z.array(WalkInHost).max(5),
    "The company's employees (at most 5, full names only) whose name holds the typed letters",
  ),
  'walkIns.request': op(
    ALL,
    WalkInForm.extend({ hostTicket: ticket, language: LANGUAGE.optional() }),
    z.object({ requestTicket: z.string(), status: WalkInStatus }),
    'A visitor without an invitation registers at the kiosk (approved at the desk, or at once where the site says so)',
  ),
  'walkIns.status': op(
    ALL,
    z.object({ requestTicket: ticket }).strict(),
    WalkInStatus,
    "The outcome of this kiosk session's own request",
    PASSIVE,
  ),
  'walkIns.get': op(
    STAFF,
    z.object({ id: z.number().int().positive() }).strict(),
    WalkIn,
    'One walk-in as it stands now (its invitation, once the service has it)',
    PASSIVE,
  ),
  'walkIns.pending': op(
    STAFF,
    z.object({}).strict(),
    z.array(WalkIn),
    'Walk-in requests waiting for the desk',
    PASSIVE,
  ),
  'walkIns.approve': op(STAFF, z.object({ id: z.number().int().positive() }).strict(), WalkIn, 'Let a walk-in in'),
  'walkIns.decline': op(
    STAFF,
    z
      .object({
        id: z.number().int().positive(),
        reason: z.string().trim().min(1, 'say why, e.g. "the host is not in today"').max(200),
      })
      .strict(),
    WalkIn,
    'Turn a walk-in request down, with the reason',
  ),
  'walkIns.add': op(
    STAFF,
    WalkInForm.extend({ hostId: z.number().int().positive() }),
    WalkIn,
    'The desk registers a visitor: approved at once',
  ),
  'walkIns.checkInAgain': op(
    STAFF,
    z.object({ invitationId: z.number().int().positive() }).strict(),
    WalkIn,
    'A guest who left comes back: a new registration like a walk-in, from their names, company and host',
  ),
} as const;
