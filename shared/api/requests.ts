/**
 * What callers send. Strict on purpose: an unknown field or a wrong type is
 * refused, so an import can tell a person which cell to fix before anything
 * is queued. Absent or null leaves a field unchanged (patch semantics).
 */
import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { dateTime, FreeForm } from './primitives.ts';

const patch = <T extends z.ZodType>(schema: T) => schema.nullish();
const key = z.string().min(1, 'must not be empty');

export const AccessProfileReferenceInput = z.strictObject({
  accessProfileGroupSourceId: key,
  sourceId: key,
});
export type AccessProfileReferenceInput = z.infer<typeof AccessProfileReferenceInput>;

export const InvitationItem = z.strictObject({
  sourceId: key,
  email: patch(z.email()),
  firstName: patch(z.string()),
  lastName: patch(z.string()),
  companyName: patch(z.string()),
  customFields: patch(FreeForm),
  deletedAt: patch(dateTime),
});
export type InvitationItem = z.infer<typeof InvitationItem>;

export const EventSyncItem = z.strictObject({
  sourceId: key,
  name: patch(z.string()),
  description: patch(z.string()),
  startsAt: patch(dateTime),
  endsAt: patch(dateTime),
  locationId: patch(z.number().int()),
  entranceId: patch(z.number().int()),
  /** docs/interface.md "Events": a new event without it is not a draft; a final event cannot become a draft. */
  draft: patch(z.boolean()),
  invitations: patch(z.array(InvitationItem)),
  accessProfiles: patch(z.array(AccessProfileReferenceInput)),
  customFields: patch(FreeForm),
  updatedAt: patch(dateTime),
  deletedAt: patch(dateTime),
});
export type EventSyncItem = z.infer<typeof EventSyncItem>;

/** At least one event. More than LIMITS.eventsPerRequest is a 413, checked before this schema. */
export const EventsSyncRequest = z.strictObject({
  events: z.array(EventSyncItem).min(1, 'at least one event is needed'),
});
export type EventsSyncRequest = z.infer<typeof EventsSyncRequest>;

/** An empty string clears a field of an identity. */
const clearable = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).nullish();

export const PermanentIdentityItem = z.strictObject({
  sourceId: patch(z.string()),
  email: patch(z.string()),
  firstName: patch(z.string()),
  lastName: patch(z.string()),
  companyName: patch(z.string()),
  customFields: patch(FreeForm),
  startsAt: clearable(dateTime),
  endsAt: clearable(dateTime),
  accessProfiles: patch(z.array(AccessProfileReferenceInput)),
  deletedAt: clearable(dateTime),
});
export type PermanentIdentityItem = z.infer<typeof PermanentIdentityItem>;

export const PermanentIdentitiesSyncRequest = z.strictObject({
  permanentIdentities: z
    .array(PermanentIdentityItem)
    .min(1, 'at least one identity is needed')
    .max(LIMITS.identitiesPerRequest, `at most ${LIMITS.identitiesPerRequest} identities per request`),
});
export type PermanentIdentitiesSyncRequest = z.infer<typeof PermanentIdentitiesSyncRequest>;

export const TransitionRequest = z.strictObject({
  /** Any name: flows differ between sites. The reference service knows TRANSITION_EVENT_NAMES. */
  eventName: key,
  checkIn: z.strictObject({ id: z.number().int().positive() }),
});
export type TransitionRequest = z.infer<typeof TransitionRequest>;

export const AccessProfileItem = z.strictObject({
  sourceId: key,
  name: z.string().min(1, 'must not be empty'),
  description: patch(z.string()),
});
export type AccessProfileItem = z.infer<typeof AccessProfileItem>;

export const AccessProfilesUploadRequest = z
  .strictObject({ accessProfiles: z.array(AccessProfileItem) })
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.accessProfiles.forEach((profile, index) => {
      const first = seen.get(profile.sourceId);
      if (first === undefined) seen.set(profile.sourceId, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['accessProfiles', index, 'sourceId'],
          message: `duplicate sourceId "${profile.sourceId}" (also at accessProfiles[${first}])`,
        });
    });
  });
export type AccessProfilesUploadRequest = z.infer<typeof AccessProfilesUploadRequest>;
