/**
 * What the service answers. Tolerant on purpose: extra fields are kept
 * (loose objects), unknown enum values are kept as strings, and optional
 * fields may also come as null. A real deployment must not break the client.
 */
import { z } from 'zod';
import { FreeForm, GuestLanguage, ItemStatus, readId, readTime, tolerantEnum } from './primitives.ts';

const text = z.string().nullish();
const time = readTime.nullish();
const dateTime = readTime;

export const PageInfo = z.looseObject({ totalCount: readId.refine((n) => n >= 0, 'must be 0 or more') });
export type PageInfo = z.infer<typeof PageInfo>;

export const Event = z.looseObject({
  id: readId,
  name: z.string(),
  description: text,
  startsAt: dateTime,
  endsAt: dateTime,
  locationId: readId,
  hostId: readId,
  draft: z.boolean().nullish(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Event = z.infer<typeof Event>;

export const Contact = z.looseObject({
  id: readId,
  email: text,
  firstName: text,
  lastName: text,
  birthdate: text,
  companyName: text,
  language: GuestLanguage.nullish(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Contact = z.infer<typeof Contact>;

export const ReceptionInvitation = z.looseObject({
  id: readId,
  event: Event,
  contact: Contact,
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type ReceptionInvitation = z.infer<typeof ReceptionInvitation>;

export const InvitationsPage = z.looseObject({
  invitations: z.array(ReceptionInvitation),
  pageInfo: PageInfo,
});
export type InvitationsPage = z.infer<typeof InvitationsPage>;

export const AccessProfileReference = z.looseObject({
  accessProfileGroupSourceId: z.string(),
  sourceId: z.string(),
});
export type AccessProfileReference = z.infer<typeof AccessProfileReference>;

export const Legitimation = z.looseObject({
  sourceId: text,
  startsAt: time,
  endsAt: time,
  guest: z.looseObject({ firstName: text, lastName: text, birthdate: text }).nullish(),
});
export type Legitimation = z.infer<typeof Legitimation>;

export const TrustedId = z.looseObject({
  documentNumber: text,
  document: tolerantEnum(['EXISTED']).nullish(),
  selfie: tolerantEnum(['MATCHED']).nullish(),
  liveness: tolerantEnum(['PASSED']).nullish(),
  invitationMatch: z
    .looseObject({
      wasManuallyReviewed: z.boolean().nullish(),
      firstName: tolerantEnum(['EXACT']).nullish(),
      lastName: tolerantEnum(['EXACT']).nullish(),
      birthdate: tolerantEnum(['EXACT']).nullish(),
    })
    .nullish(),
  images: z.looseObject({ faceImageUrl: text, identityDocumentImageUrl: text }).nullish(),
});
export type TrustedId = z.infer<typeof TrustedId>;

export const AccessControl = z.looseObject({
  credential: z
    .looseObject({
      cardNumberKiosk: text,
      cardNumberReception: text,
      cardNumberAccessControlSystem: text,
    })
    .nullish(),
  access: z.looseObject({ startsAt: time, endsAt: time }).nullish(),
  pin: text,
});
export type AccessControl = z.infer<typeof AccessControl>;

export const CheckIn = z.looseObject({
  id: readId,
  state: z.string(),
  email: text,
  firstName: text,
  lastName: text,
  birthdate: text,
  companyName: text,
  language: GuestLanguage.nullish(),
  arrivedAt: time,
  leftAt: time,
  legitimation: Legitimation.nullish(),
  trustedId: TrustedId.nullish(),
  accessControl: AccessControl.nullish(),
  customFields: FreeForm.nullish(),
});
export type CheckIn = z.infer<typeof CheckIn>;

export const CheckInsPage = z.looseObject({ checkIns: z.array(CheckIn), pageInfo: PageInfo });
export type CheckInsPage = z.infer<typeof CheckInsPage>;

export const AccessProfileGroup = z.looseObject({
  sourceId: z.string(),
  name: text,
  location: z.looseObject({ id: readId, name: text }).nullish(),
  createdAt: time,
  updatedAt: time,
});
export type AccessProfileGroup = z.infer<typeof AccessProfileGroup>;

export const AccessProfileGroupsPage = z.looseObject({
  groups: z.array(AccessProfileGroup),
  pageInfo: PageInfo,
});
export type AccessProfileGroupsPage = z.infer<typeof AccessProfileGroupsPage>;

export const Employee = z.looseObject({
  id: readId,
  email: text,
  firstName: text,
  lastName: text,
  createdAt: time,
  updatedAt: time,
});
export type Employee = z.infer<typeof Employee>;

export const EmployeesPage = z.looseObject({ employees: z.array(Employee), pageInfo: PageInfo });
export type EmployeesPage = z.infer<typeof EmployeesPage>;

/**
 * `message` is not in the interface; the reference service adds it to say
 * why an item is INVALID or CONFLICT. Other deployments may leave it out.
 */
export const EventSyncResult = z.looseObject({
  sourceId: text,
  status: ItemStatus,
  message: text,
});
export type EventSyncResult = z.infer<typeof EventSyncResult>;

export const EventsSyncResponse = z.looseObject({ events: z.array(EventSyncResult) });
export type EventsSyncResponse = z.infer<typeof EventsSyncResponse>;

export const PermanentIdentityResult = z.looseObject({
  status: ItemStatus,
  sourceId: text,
  email: text,
  unknownAccessProfiles: z.array(AccessProfileReference).nullish(),
  message: text,
});
export type PermanentIdentityResult = z.infer<typeof PermanentIdentityResult>;

export const PermanentIdentitiesSyncResponse = z.looseObject({
  permanentIdentities: z.array(PermanentIdentityResult),
});
export type PermanentIdentitiesSyncResponse = z.infer<typeof PermanentIdentitiesSyncResponse>;

export const ErrorDetail = z.looseObject({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** The body of every non-2xx answer (decisions.md "Errors"). */
export const ErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.array(ErrorDetail).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
