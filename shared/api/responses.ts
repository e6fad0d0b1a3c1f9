/**
 * What the service answers. Tolerant on purpose: extra fields are kept
 * (loose objects), unknown enum values are kept as strings, and optional
 * fields may also come as null. A real deployment must not break the client.
 *
 * Each schema comes twice. The exported one is exact about timestamps (ISO
 * 8601 with Z or an offset) and ids (integers): it is the interface as
 * written, and the fast path. Its tolerant twin (TOLERANT) also reads
 * timestamps with +0200 or without an offset (taken as UTC) and ids as
 * digit strings, and gives them back normalised; the client uses it for an
 * answer the exact one refused, record by record, before setting a record aside.
 */
import { z } from 'zod';
import {
  dateTime as strictDateTime,
  FreeForm,
  GuestLanguage,
  ItemStatus,
  readId,
  readTime,
  tolerantEnum,
} from './primitives.ts';

interface Readers {
  dateTime: z.ZodType<string>;
  id: z.ZodType<number>;
  count: z.ZodType<number>;
}

function define({ dateTime, id, count }: Readers) {
  const text = z.string().nullish();
  const time = dateTime.nullish();

  const PageInfo = z.looseObject({ totalCount: count });

  const Event = z.looseObject({
    id: id,
    name: z.string(),
    description: text,
    startsAt: dateTime,
    endsAt: dateTime,
    locationId: id,
    hostId: id,
    draft: z.boolean().nullish(),
    createdAt: dateTime,
    updatedAt: dateTime,
  });

  const Contact = z.looseObject({
    id: id,
    email: text,
    firstName: text,
    lastName: text,
    birthdate: text,
    companyName: text,
    language: GuestLanguage.nullish(),
    createdAt: dateTime,
    updatedAt: dateTime,
  });

  const ReceptionInvitation = z.looseObject({
    id: id,
    event: Event,
    contact: Contact,
    createdAt: dateTime,
    updatedAt: dateTime,
  });

  const InvitationsPage = z.looseObject({
    invitations: z.array(ReceptionInvitation),
    pageInfo: PageInfo,
  });

  const AccessProfileReference = z.looseObject({
    accessProfileGroupSourceId: z.string(),
    sourceId: z.string(),
  });

  const Legitimation = z.looseObject({
    sourceId: text,
    startsAt: time,
    endsAt: time,
    guest: z.looseObject({ firstName: text, lastName: text, birthdate: text }).nullish(),
  });

  const TrustedId = z.looseObject({
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

  const AccessControl = z.looseObject({
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

  const CheckIn = z.looseObject({
    id: id,
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

  const CheckInsPage = z.looseObject({ checkIns: z.array(CheckIn), pageInfo: PageInfo });

  const AccessProfileGroup = z.looseObject({
    sourceId: z.string(),
    name: text,
    location: z.looseObject({ id: id, name: text }).nullish(),
    createdAt: time,
    updatedAt: time,
  });

  const AccessProfileGroupsPage = z.looseObject({
    groups: z.array(AccessProfileGroup),
    pageInfo: PageInfo,
  });

  const Employee = z.looseObject({
    id: id,
    email: text,
    firstName: text,
    lastName: text,
    createdAt: time,
    updatedAt: time,
  });

  const EmployeesPage = z.looseObject({ employees: z.array(Employee), pageInfo: PageInfo });

  /**
   * `message` is not in the interface; the reference service adds it to say
   * why an item is INVALID or CONFLICT. Other deployments may leave it out.
   */
  const EventSyncResult = z.looseObject({
    sourceId: text,
    status: ItemStatus,
    message: text,
  });

  const EventsSyncResponse = z.looseObject({ events: z.array(EventSyncResult) });

  const PermanentIdentityResult = z.looseObject({
    status: ItemStatus,
    sourceId: text,
    email: text,
    unknownAccessProfiles: z.array(AccessProfileReference).nullish(),
    message: text,
  });

  const PermanentIdentitiesSyncResponse = z.looseObject({
    permanentIdentities: z.array(PermanentIdentityResult),
  });

  const ErrorDetail = z.looseObject({ path: z.string(), message: z.string() });

  /** The body of every non-2xx answer (docs/interface.md "Errors"). */
  const ErrorBody = z.looseObject({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      details: z.array(ErrorDetail).optional(),
    }),
  });
  return {
    PageInfo,
    Event,
    Contact,
    ReceptionInvitation,
    InvitationsPage,
    AccessProfileReference,
    Legitimation,
    TrustedId,
    AccessControl,
    CheckIn,
    CheckInsPage,
    AccessProfileGroup,
    AccessProfileGroupsPage,
    Employee,
    EmployeesPage,
    EventSyncResult,
    EventsSyncResponse,
    PermanentIdentityResult,
    PermanentIdentitiesSyncResponse,
    ErrorDetail,
    ErrorBody,
  };
}

const strict = define({ dateTime: strictDateTime, id: z.number().int(), count: z.number().int().min(0) });
const tolerant = define({ dateTime: readTime, id: readId, count: readId.refine((n) => n >= 0, 'must be 0 or more') });

export const {
  PageInfo,
  Event,
  Contact,
  ReceptionInvitation,
  InvitationsPage,
  AccessProfileReference,
  Legitimation,
  TrustedId,
  AccessControl,
  CheckIn,
  CheckInsPage,
  AccessProfileGroup,
  AccessProfileGroupsPage,
  Employee,
  EmployeesPage,
  EventSyncResult,
  EventsSyncResponse,
  PermanentIdentityResult,
  PermanentIdentitiesSyncResponse,
  ErrorDetail,
  ErrorBody,
} = strict;

/** The tolerant twin of each exported schema (see above). */
export const TOLERANT = new Map<z.ZodType, z.ZodType>(
  (Object.keys(strict) as (keyof typeof strict)[]).map((name) => [strict[name], tolerant[name]]),
);

export type PageInfo = z.infer<typeof PageInfo>;
export type Event = z.infer<typeof Event>;
export type Contact = z.infer<typeof Contact>;
export type ReceptionInvitation = z.infer<typeof ReceptionInvitation>;
export type InvitationsPage = z.infer<typeof InvitationsPage>;
export type AccessProfileReference = z.infer<typeof AccessProfileReference>;
export type Legitimation = z.infer<typeof Legitimation>;
export type TrustedId = z.infer<typeof TrustedId>;
export type AccessControl = z.infer<typeof AccessControl>;
export type CheckIn = z.infer<typeof CheckIn>;
export type CheckInsPage = z.infer<typeof CheckInsPage>;
export type AccessProfileGroup = z.infer<typeof AccessProfileGroup>;
export type AccessProfileGroupsPage = z.infer<typeof AccessProfileGroupsPage>;
export type Employee = z.infer<typeof Employee>;
export type EmployeesPage = z.infer<typeof EmployeesPage>;
export type EventSyncResult = z.infer<typeof EventSyncResult>;
export type EventsSyncResponse = z.infer<typeof EventsSyncResponse>;
export type PermanentIdentityResult = z.infer<typeof PermanentIdentityResult>;
export type PermanentIdentitiesSyncResponse = z.infer<typeof PermanentIdentitiesSyncResponse>;
export type ErrorDetail = z.infer<typeof ErrorDetail>;
export type ErrorBody = z.infer<typeof ErrorBody>;
