/**
 * Photos: where the site turns them on (off by default), the kiosk takes
 * the guest's photo after the consent line the admin words, for the badge,
 * the desk's guest detail and the roll call. Kept on the hub, in its data
 * directory, for `retentionDays`; never sent to the service.
 */
import { z } from 'zod';
import { ADMIN, ALL, op, STAFF, PASSIVE } from './op.ts';
import { TextsByLanguage } from './agreements.ts';

/** A photo as the kiosk sends it: a JPEG (or PNG) of a few hundred KB at most. */
export const MAX_PHOTO_BYTES = 400 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

const RETENTION = 'days from 1 to 3650';
export const PhotoSettings = z.strictObject({
  enabled: z.boolean().default(false),
  /** The consent line shown above the camera, per language (the start language's where a language has none). */
  consentTexts: TextsByLanguage.default({}),
  retentionDays: z.number({ error: RETENTION }).int(RETENTION).min(1, RETENTION).max(3650, RETENTION).default(30),
});
export type PhotoSettings = z.output<typeof PhotoSettings>;

/** What a kiosk needs: whether to offer the camera, and the consent line in the guest's language. */
export const KioskPhotoSettings = z.object({ enabled: z.boolean(), consent: z.array(z.string()) });

/** A photo as the desk shows it: a data URL. */
export const GuestPhoto = z.object({ image: z.string(), takenAt: z.string() });
export type GuestPhoto = z.infer<typeof GuestPhoto>;

const ticket = z.string().min(1).max(200);
const base64Photo = z
  .string()
  .min(1)
  .max(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 4, `a photo is at most ${MAX_PHOTO_BYTES / 1024} KB`);

export const photosOperations = {
  'photos.settings': op(
    ALL,
    z.strictObject({ language: z.string().min(2).max(8) }),
    KioskPhotoSettings,
    'Whether the kiosk takes photos, and the consent line in this language',
    PASSIVE,
  ),
  'photos.take': op(
    ALL,
    z
      .strictObject({ ticket: ticket.optional(), requestTicket: ticket.optional(), image: base64Photo })
      .refine((s) => (s.ticket === undefined) !== (s.requestTicket === undefined), {
        message: 'name the guest by ticket or the walk-in by requestTicket, one of the two',
      }),
    z.object({ takenAt: z.string() }),
    "The kiosk keeps a found guest's photo (JPEG or PNG)",
  ),
  'photos.ofGuest': op(
    STAFF,
    z.strictObject({ invitationId: z.number().int() }),
    GuestPhoto.nullable(),
    "A guest's photo, if one was taken and is still kept",
    PASSIVE,
  ),
  'photos.taken': op(
    STAFF,
    z.strictObject({}),
    z.array(z.number().int()),
    'The guests with a photo kept (invitation ids; a negative id: a walk-in the service has not given back yet)',
    PASSIVE,
  ),
  'photos.siteSettings': op(ADMIN, z.strictObject({}), PhotoSettings, 'The photo settings'),
  'photos.setSettings': op(
    ADMIN,
    PhotoSettings,
    PhotoSettings,
    'Whether the kiosk takes photos, the consent line, and how long photos are kept',
  ),
} as const;
