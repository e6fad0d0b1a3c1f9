/** The one error type of the API client, with the class that tells callers what to do. */
import type { ErrorDetail } from '../../../shared/api/index.ts';

export type ApiErrorKind =
  | 'network' // no answer: refused, reset, dropped
  | 'timeout' // no answer in time
  | 'unauthorized' // 401: the token was rejected; retrying will not help
  | 'forbidden' // 403: the token was refused for this request
  | 'redirected' // 3xx: the service pointed elsewhere; not followed, so the token stays with this service
  | 'not_found' // 404
  | 'validation' // other 4xx, or a request refused before sending
  | 'rate_limited' // 429, with retryAfterMs
  | 'server' // 5xx
  | 'invalid_response'; // an answer that does not match the interface

const TRANSIENT: ReadonlySet<ApiErrorKind> = new Set(['network', 'timeout', 'rate_limited', 'server']);

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, or 0 when there was no answer. */
  readonly status: number;
  /** `error.code` of the service's error body, when it sent one. */
  readonly code: string | undefined;
  readonly details: ErrorDetail[];
  readonly retryAfterMs: number | undefined;
  /** The endpoint that failed, e.g. listInvitations. */
  readonly endpoint: string;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    endpoint: string;
    status?: number;
    code?: string | undefined;
    details?: ErrorDetail[];
    retryAfterMs?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code;
    this.details = init.details ?? [];
    this.retryAfterMs = init.retryAfterMs;
    this.endpoint = init.endpoint;
  }

  /** Worth trying again later: the network, a timeout, a rate limit, a server fault. */
  get transient(): boolean {
    return TRANSIENT.has(this.kind);
  }

  /** A plain object for logs, the status object and the renderer. */
  toJSON() {
    return { kind: this.kind, status: this.status, code: this.code, message: this.message, endpoint: this.endpoint };
  }
}

export function kindOfStatus(status: number): ApiErrorKind {
  if (status >= 300 && status < 400) return 'redirected';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'validation';
}

/** What a person should read for an error class (the technical message follows it). */
export function explain(error: ApiError): string {
  switch (error.kind) {
    case 'unauthorized':
      return 'The service rejected the access token. Check the token in the settings (foyer config set token ...).';
    case 'forbidden':
      return 'The token was refused for this request. Check that the token may read this location and company.';
    case 'redirected':
      return 'The service answered with a redirect, which Foyer does not follow with the token. Check the base URL.';
    case 'network':
      return 'The service cannot be reached. Work continues offline and is sent when it is back.';
    case 'timeout':
      return 'The service did not answer in time. Work continues offline and is retried.';
    case 'rate_limited':
      return 'The service asked to slow down; retrying shortly.';
    case 'server':
      return 'The service reported a fault; retrying with backoff.';
    case 'invalid_response':
      return 'The service answered something Foyer does not understand; the mirror was left unchanged.';
    case 'not_found':
      return 'The service does not know this item (check the location and company ids in the settings).';
    case 'validation':
      return 'The service refused the request as invalid.';
  }
}
