/**
 * How a failure to reach or use the service is told apart (the API client's
 * kinds, electron/core/api/errors.ts), and what a person reads for each: one
 * map, for every screen that shows why the service failed (the sync status
 * records the kind with the service's own message).
 */
export const SERVICE_ERROR_KINDS = [
  'network', // no answer: refused, reset, dropped
  'timeout', // no answer in time
  'unauthorized', // 401: the token was rejected; retrying will not help
  'forbidden', // 403: the token was refused for this request
  'redirected', // 3xx: the service pointed elsewhere; not followed, so the token stays with this service
  'not_found', // 404
  'validation', // other 4xx, or a request refused before sending
  'rate_limited', // 429, with retryAfterMs
  'server', // 5xx
  'invalid_response', // an answer that does not match the interface
] as const;
export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number];

/** What happened, and what follows or what to do (empty when there is nothing to add). */
export interface Explanation {
  what: string;
  next: string;
}

const EXPLANATIONS: Record<ServiceErrorKind, Explanation> = {
  network: { what: 'The service could not be reached', next: 'Work continues offline and is sent when it is back.' },
  timeout: { what: 'The service did not answer in time', next: 'Work continues offline and is retried.' },
  unauthorized: {
    what: 'The service rejected the token',
    next: 'Check the token in the settings (foyer config set token ...).',
  },
  forbidden: {
    what: 'The service refused the token for this request',
    next: 'Check that the token may read this location and company.',
  },
  redirected: {
    what: 'The service answered with a redirect',
    next: 'Foyer does not follow it with the token: check the base URL.',
  },
  not_found: {
    what: 'The service does not know this item',
    next: 'Check the location and company ids in the settings.',
  },
  validation: { what: 'The service refused the request as invalid', next: '' },
  rate_limited: { what: 'The service asked Foyer to slow down', next: 'Retrying shortly.' },
  server: { what: 'The service had a fault', next: 'Retrying with backoff.' },
  invalid_response: {
    what: 'The service answered something Foyer does not understand',
    next: 'The mirror was left unchanged.',
  },
};

const isKind = (kind: string): kind is ServiceErrorKind => Object.hasOwn(EXPLANATIONS, kind);

/** What a person reads for a kind of failure; a kind this version does not know (a newer core's) still reads as one. */
export function explain(kind: string): Explanation {
  return isKind(kind) ? EXPLANATIONS[kind] : { what: 'The service failed', next: '' };
}
