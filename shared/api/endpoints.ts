/**
 * The eight endpoints of /api/v2 in one table: the reference service
 * registers its routes from it, the API client builds its requests from it,
 * and the OpenAPI description is generated from it.
 */
import { z } from 'zod';
import { AccessProfileGroupsQuery, CheckInsQuery, EmployeesQuery, IdPath, InvitationsQuery } from './queries.ts';
import {
  AccessProfilesUploadRequest,
  EventsSyncRequest,
  PermanentIdentitiesSyncRequest,
  TransitionRequest,
} from './requests.ts';
import {
  AccessProfileGroupsPage,
  CheckIn,
  CheckInsPage,
  EmployeesPage,
  EventsSyncResponse,
  InvitationsPage,
  PermanentIdentitiesSyncResponse,
} from './responses.ts';

export interface EndpointDefinition {
  method: 'GET' | 'PUT' | 'POST';
  /** Relative to the base URL, with `{name}` path parameters. */
  path: string;
  group: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** null for 204 answers. */
  response: z.ZodType | null;
  status: 200 | 204;
}

export const endpoints = {
  listInvitations: {
    method: 'GET',
    path: '/locations/{locationId}/invitations',
    group: 'Post-Processor',
    summary: 'Get upcoming invitations of a location',
    params: IdPath('locationId'),
    query: InvitationsQuery,
    response: InvitationsPage,
    status: 200,
  },
  syncEvents: {
    method: 'PUT',
    path: '/events',
    group: 'Pre-Processor',
    summary: 'Synchronize events and invitations',
    body: EventsSyncRequest,
    response: EventsSyncResponse,
    status: 200,
  },
  syncPermanentIdentities: {
    method: 'PUT',
    path: '/permanent-identities',
    group: 'Permanent Identities',
    summary: 'Synchronize permanent identities',
    body: PermanentIdentitiesSyncRequest,
    response: PermanentIdentitiesSyncResponse,
    status: 200,
  },
  transitionCheckIn: {
    method: 'POST',
    path: '/check-ins/transitions',
    group: 'Post-Processor',
    summary: 'Transition a check-in',
    body: TransitionRequest,
    response: CheckIn,
    status: 200,
  },
  uploadAccessProfiles: {
    method: 'PUT',
    path: '/access-control/access-profile-groups/{sourceId}/access-profiles',
    group: 'Access Control',
    summary: 'Upload (replace) the access profiles of a group',
    params: z.strictObject({ sourceId: z.string().min(1) }),
    body: AccessProfilesUploadRequest,
    response: null,
    status: 204,
  },
  listCheckIns: {
    method: 'GET',
    path: '/locations/{locationId}/check-ins',
    group: 'Post-Processor',
    summary: 'Get current and past check-ins of a location',
    params: IdPath('locationId'),
    query: CheckInsQuery,
    response: CheckInsPage,
    status: 200,
  },
  listAccessProfileGroups: {
    method: 'GET',
    path: '/access-control/access-profile-groups',
    group: 'Access Control',
    summary: 'Get the access profile groups mapped to the caller',
    query: AccessProfileGroupsQuery,
    response: AccessProfileGroupsPage,
    status: 200,
  },
  listEmployees: {
    method: 'GET',
    path: '/companies/{companyId}/employees',
    group: 'Employees',
    summary: 'Get the employees of a company',
    params: IdPath('companyId'),
    query: EmployeesQuery,
    response: EmployeesPage,
    status: 200,
  },
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof endpoints;
