/** What each endpoint does once its input is parsed: one entry per endpoint of the table. */
import type { z } from 'zod';
import { type EndpointName, type endpoints, LIMITS } from '../../shared/api/index.ts';
import { ServiceError } from '../errors.ts';
import { listAccessProfileGroups, uploadAccessProfiles } from '../store/access-profiles.ts';
import { listCheckIns, transitionCheckIn } from '../store/check-ins.ts';
import type { Caller, StoreContext } from '../store/context.ts';
import { listEmployees } from '../store/employees.ts';
import { syncEvents } from '../store/events.ts';
import { syncIdentities } from '../store/identities.ts';
import { listInvitations } from '../store/invitations.ts';

type Endpoints = typeof endpoints;
type Part<K extends EndpointName, P extends 'params' | 'query' | 'body'> = Endpoints[K] extends {
  [key in P]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** The parsed input of an endpoint, typed from its schemas in the endpoint table. */
export interface EndpointInput<K extends EndpointName> {
  params: Part<K, 'params'>;
  query: Part<K, 'query'>;
  body: Part<K, 'body'>;
}

export interface Handler<K extends EndpointName> {
  /** Runs on the raw body before the schema, for limits answered with another status than 400. */
  precheck?: (body: unknown) => void;
  run: (ctx: StoreContext, caller: Caller, input: EndpointInput<K>) => unknown;
}

export const handlers: { [K in EndpointName]: Handler<K> } = {
  listInvitations: {
    run: (ctx, caller, { params, query }) => listInvitations(ctx, caller, params.locationId, query),
  },
  syncEvents: {
    precheck(body) {
      const events = (body as { events?: unknown } | null)?.events;
      if (Array.isArray(events) && events.length > LIMITS.eventsPerRequest)
        throw new ServiceError(
          413,
          'PAYLOAD_TOO_LARGE',
          `${events.length} events in one request; send at most ${LIMITS.eventsPerRequest}`,
        );
    },
    run: (ctx, caller, { body }) => ({ events: syncEvents(ctx, caller, body.events) }),
  },
  syncPermanentIdentities: {
    run: (ctx, caller, { body }) => ({
      permanentIdentities: syncIdentities(ctx, caller, body.permanentIdentities),
    }),
  },
  transitionCheckIn: {
    run: (ctx, caller, { body }) => transitionCheckIn(ctx, caller, body.eventName, body.checkIn.id),
  },
  uploadAccessProfiles: {
    run: (ctx, caller, { params, body }) => uploadAccessProfiles(ctx, caller, params.sourceId, body.accessProfiles),
  },
  listCheckIns: {
    run: (ctx, caller, { params, query }) => listCheckIns(ctx, caller, params.locationId, query),
  },
  listAccessProfileGroups: {
    run: (ctx, caller, { query }) => listAccessProfileGroups(ctx, caller, query),
  },
  listEmployees: {
    run: (ctx, caller, { params, query }) => listEmployees(ctx, caller, params.companyId, query),
  },
};
