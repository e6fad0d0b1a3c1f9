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
import { boundedUnknown, boundFreeForm, cutText, SERVICE_TEXT_LIMITS as MAX } from './caps.ts';

interface Readers {
  dateTime: z.ZodType<string>;
  id: z.ZodType<number>;
  count: z.ZodType<number>;
}

function define({ dateTime, id, count }: Readers) {
  // Every string is bounded (./caps.ts): text a person reads is cut, an identifier too long is refused.
  const name = cutText(MAX.name).nullish();
  const email = cutText(MAX.email).nullish();
  const short = cutText(MAX.short).nullish();
  const url = cutText(MAX.url).nullish();
  const message = cutText(MAX.message).nullish();
  const ident = z.string().max(MAX.id);
  const optionalIdent = ident.nullish();
  /** An object of the interface: extra fields are kept (a real deployment may send more), bounded. */
  const wire = <S extends z.ZodRawShape>(shape: S) => z.object(shape).catchall(boundedUnknown);
  const time = dateTime.nullish();

  const PageInfo = wire({ totalCount: count });

  const Event = wire({
    id: id,
    name: cutText(MAX.name),
    description: cutText(MAX.description).nullish(),
    startsAt: dateTime,
    endsAt: dateTime,
    locationId: id,
    hostId: id,
    draft: z.boolean().nullish(),
    createdAt: dateTime,
    updatedAt: dateTime,
  });

  const Contact = wire({
    id: id,
    email,
    firstName: name,
    lastName: name,
    birthdate: short,
    companyName: name,
    language: GuestLanguage.nullish(),
    createdAt: dateTime,
    updatedAt: dateTime,
  });

  const ReceptionInvitation = wire({
    id: id,
    event: Event,
    contact: Contact,
    createdAt: dateTime,
    updatedAt: dateTime,
  });

  const InvitationsPage = wire({
    invitations: z.array(ReceptionInvitation),
    pageInfo: PageInfo,
  });

  const AccessProfileReference = wire({
    accessProfileGroupSourceId: ident,
    sourceId: ident,
  });

  const Legitimation = wire({
    sourceId: optionalIdent,
    startsAt: time,
    endsAt: time,
    guest: wire({ firstName: name, lastName: name, birthdate: short }).nullish(),
  });

  const TrustedId = wire({
    documentNumber: short,
    document: tolerantEnum(['EXISTED']).nullish(),
    selfie: tolerantEnum(['MATCHED']).nullish(),
    liveness: tolerantEnum(['PASSED']).nullish(),
    invitationMatch: wire({
      wasManuallyReviewed: z.boolean().nullish(),
      firstName: tolerantEnum(['EXACT']).nullish(),
      lastName: tolerantEnum(['EXACT']).nullish(),
      birthdate: tolerantEnum(['EXACT']).nullish(),
    }).nullish(),
    images: wire({ faceImageUrl: url, identityDocumentImageUrl: url }).nullish(),
  });

  const AccessControl = wire({
    credential: wire({
      cardNumberKiosk: optionalIdent,
      cardNumberReception: optionalIdent,
      cardNumberAccessControlSystem: optionalIdent,
    }).nullish(),
    access: wire({ startsAt: time, endsAt: time }).nullish(),
    pin: optionalIdent,
  });

  const CheckIn = wire({
    id: id,
    state: ident,
    email,
    firstName: name,
    lastName: name,
    birthdate: short,
    companyName: name,
    language: GuestLanguage.nullish(),
    arrivedAt: time,
    leftAt: time,
    legitimation: Legitimation.nullish(),
    trustedId: TrustedId.nullish(),
    accessControl: AccessControl.nullish(),
    customFields: FreeForm.overwrite((value) => boundFreeForm(value, 0) as FreeForm).nullish(),
  });

  const CheckInsPage = wire({ checkIns: z.array(CheckIn), pageInfo: PageInfo });

  const AccessProfileGroup = wire({
    sourceId: ident,
    name,
    location: wire({ id: id, name }).nullish(),
    createdAt: time,
    updatedAt: time,
  });

  const AccessProfileGroupsPage = wire({
    groups: z.array(AccessProfileGroup),
    pageInfo: PageInfo,
  });

  const Employee = wire({
    id: id,
    email,
    firstName: name,
    lastName: name,
    createdAt: time,
    updatedAt: time,
  });

  const EmployeesPage = wire({ employees: z.array(Employee), pageInfo: PageInfo });

  /**
   * `message` is not in the interface; the reference service adds it to say
   * why an item is INVALID or CONFLICT. Other deployments may leave it out.
   */
  const EventSyncResult = wire({
    sourceId: optionalIdent,
    status: ItemStatus,
    message,
  });

  const EventsSyncResponse = wire({ events: z.array(EventSyncResult) });

  const PermanentIdentityResult = wire({
    status: ItemStatus,
    sourceId: optionalIdent,
    email,
    unknownAccessProfiles: z.array(AccessProfileReference).nullish(),
    message,
  });

  const PermanentIdentitiesSyncResponse = wire({
    permanentIdentities: z.array(PermanentIdentityResult),
  });

  const ErrorDetail = wire({ path: cutText(MAX.short), message: cutText(MAX.message) });

  /** The body of every non-2xx answer (docs/interface.md "Errors"). */
  const ErrorBody = wire({
    error: wire({
      code: cutText(60),
      message: cutText(MAX.message),
      details: z
        .array(ErrorDetail)
        .overwrite((details) => details.slice(0, 20))
        .optional(),
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
