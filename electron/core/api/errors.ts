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

/** Longest service text kept in a message or a detail: enough to tell what went wrong, never a whole page. */
export const SERVICE_TEXT_MAX = 300;

// ANSI escape sequences (CSI ... final byte, OSC ... BEL/ST), then any other control character.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;

/**
 * Text from a service that is not ours, made safe to store, log and show:
 * the secrets removed (the token, and anything after "Bearer"), terminal
 * escapes and other control characters stripped, and the length capped.
 */
export function sanitizeServiceText(text: string, secrets: readonly string[], max = SERVICE_TEXT_MAX): string {
  let out = text;
  for (const secret of secrets)
    if (secret.length >= 4) {
      out = out.split(secret).join('[token]');
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) out = out.split(encoded).join('[token]');
    }
  out = out.replace(ANSI, '').replace(CONTROL, ' ').replace(BEARER, '$1 [token]').replace(/ {2,}/g, ' ').trim();
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
