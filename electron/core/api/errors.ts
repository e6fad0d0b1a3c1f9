/** The one error type of the API client, with the class that tells callers what to do. */
import type { ErrorDetail } from '../../../shared/api/index.ts';
import type { ServiceErrorKind } from '../../../shared/service-errors.ts';

/** How a failure is told apart; what a person reads for each is in shared/service-errors.ts (explain). */
export type ApiErrorKind = ServiceErrorKind;

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
