/**
 * The API client of /api/v2 on undici: a keep-alive pool, a timeout per
 * request, cancellation, responses parsed with the shared schemas, one
 * error type, and retries with backoff for the transient classes only.
 */
import { createHash } from 'node:crypto';
import type { Pool } from 'undici';
import { z } from 'zod';
import {
  type EndpointDefinition,
  type EndpointName,
  endpoints,
  ErrorBody,
  issuesToDetails,
  TOLERANT,
} from '../../../shared/api/index.ts';
import { ApiError, kindOfStatus } from './errors.ts';
import { createServiceTextCleaner } from './service-text.ts';
import {
  BodyTooLarge,
  DEFAULT_MAX_BODY_BYTES,
  isNetworkError,
  mib,
  parseRetryAfter,
  rawId,
  readBody,
  UnknownEncoding,
} from './wire.ts';

export { DEFAULT_MAX_BODY_BYTES } from './wire.ts';
import { DEFAULT_RETRY, type RetryPolicy, withRetry } from './retry.ts';

type Endpoints = typeof endpoints;

/**
 * A request body that is already JSON text, checked against the endpoint's
 * schema when it was written (the outbox's rows are): sent as it is, without
 * being parsed, checked and serialised again on every attempt.
 */
export class PreparedBody {
  constructor(readonly json: string) {}
}

type InputPart<K extends EndpointName, P extends 'params' | 'query' | 'body'> = Endpoints[K] extends {
  [key in P]: infer S extends z.ZodType;
}
  ? { [key in P]: P extends 'body' ? z.input<S> | PreparedBody : z.input<S> }
  : { [key in P]?: never };

/** What a call of endpoint K takes: its path parameters, query and body, typed from the endpoint table. */
export type EndpointRequest<K extends EndpointName> = InputPart<K, 'params'> &
  InputPart<K, 'query'> &
  InputPart<K, 'body'>;

/** A record of a listing that the interface's shape refused: set aside, with why. */
export interface RejectedRecord {
  /** Its id as the service gave it (shortened), or null when it has none. */
  id: string | number | null;
  /** Where and what, e.g. "hostId: expected number, received null". */
  problem: string;
}

/** What every listing answer carries besides its items: how many came, and which were set aside. */
export interface ListingExtras {
  /** Records the page held, accepted or not: paging goes by this. */
  received: number;
  rejected: RejectedRecord[];
}

/** What a call of endpoint K gives back: the parsed response, or undefined for 204. */
export type EndpointResponse<K extends EndpointName> = Endpoints[K]['response'] extends infer S extends z.ZodType
  ? z.output<S> extends { pageInfo: unknown }
    ? z.output<S> & ListingExtras
    : z.output<S>
  : undefined;

export interface ApiClientOptions {
  /** e.g. http://127.0.0.1:5171/api/v2 */
  baseUrl: string;
  token: string;
  /** Per request, including reading the body. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Keep-alive connections to the service. */
  connections?: number;
  /** Largest answer read, after decoding (default 32 MiB): a larger one is refused, not read. */
  maxBodyBytes?: number;
  random?: () => number;
  /** Called once per HTTP request sent (retries included): for status and counting. */
  onRequest?: (endpoint: EndpointName, attempt: number) => void;
  onRetry?: (error: ApiError, delayMs: number) => void;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Overrides the retry policy for this call. */
  retry?: RetryPolicy;
  /**
   * The answer to the same request last time, with the hash of its text:
   * when the new answer's text is the same, that answer is given back as it
   * is (the same object), without being parsed and checked again.
   */
  previous?: { hash: string; answer: unknown } | undefined;
  /** Receives the hash of the answer's text (to pass back as `previous.hash` next time). */
  onHash?: ((hash: string) => void) | undefined;
}

/** The hash by which an answer's text is recognised (see CallOptions.previous). */
const textHash = (text: string) => createHash('sha1').update(text).digest('base64');

export interface ApiClient {
  readonly baseUrl: string;
  call<K extends EndpointName>(
    endpoint: K,
    request: EndpointRequest<K>,
    options?: CallOptions,
  ): Promise<EndpointResponse<K>>;
  close(): Promise<void>;
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const details = issuesToDetails(issues);
  const shown = details.slice(0, 3).map((d) => `${d.path}: ${d.message}`);
  return shown.join('; ') + (details.length > 3 ? `; and ${details.length - 3} more` : '');
}

function buildPath(definition: EndpointDefinition, params: Record<string, unknown> | undefined): string {
  return definition.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** The query of the request, after the base URL's own (e.g. a subscription key), which every request keeps. */
function buildQuery(query: Record<string, unknown> | undefined, base: URLSearchParams): string {
  const search = new URLSearchParams(base);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

interface Listing {
  key: string;
  /** The answer with its items unchecked. */
  envelope: z.ZodType;
  item: z.ZodType;
}
const listings = new Map<EndpointDefinition, Listing | null>();

/**
 * A listing answer (an object with pageInfo and one array) is checked record
 * by record, so that one record the shape refuses is set aside and the
 * others kept, instead of the whole page failing.
 */
function listingOf(definition: EndpointDefinition): Listing | null {
  let listing = listings.get(definition);
  if (listing !== undefined) return listing;
  listing = null;
  const response = definition.response && (TOLERANT.get(definition.response) ?? definition.response);
  if (response instanceof z.ZodObject && 'pageInfo' in response.shape) {
    const key = Object.keys(response.shape).find((k) => response.shape[k] instanceof z.ZodArray);
    if (key) {
      const array = response.shape[key] as z.ZodArray<z.ZodType>;
      listing = { key, envelope: response.extend({ [key]: z.array(z.unknown()) }), item: array.element };
    }
  }
  listings.set(definition, listing);
  return listing;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // The base may be a host root (https://host) or carry a query (?subscription-key=...): the path
  // of every request is the base's path without its trailing slashes, and the query is kept.
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const baseQuery = base.searchParams;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // What a service's text must never carry into the mirror, the log or a screen.
  const secrets = [options.token, ...[...baseQuery.values()].filter((v) => v.length >= 8)];
  const cleaner = createServiceTextCleaner(secrets);
  const clean = (text: string, max?: number) => cleaner.clean(text, max);
  const timeoutMs = options.timeoutMs ?? 15_000;
  // The per-request timeout below covers headers and body together (a service that trickles a byte a
  // second never trips an idle timeout); undici's own are the same length, in case that one is bypassed.
  // Made (and undici loaded) at the first request: a command that only reads the mirror never loads it.
  let pool: Promise<Pool> | undefined;
  const poolOf = () =>
    (pool ??= import('undici').then(
      (undici) =>
        new undici.Pool(base.origin, {
          connections: options.connections ?? 8,
          keepAliveTimeout: 10_000,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        }),
    ));
  const authorization = `Bearer ${options.token}`;

  async function once<K extends EndpointName>(
    name: K,
    definition: EndpointDefinition,
    request: EndpointRequest<K>,
    body: string | undefined,
    callOptions: CallOptions,
  ): Promise<EndpointResponse<K>> {
    const { signal } = callOptions;
    const path =
      basePath +
      buildPath(definition, request.params as Record<string, unknown>) +
      buildQuery(request.query as Record<string, unknown>, baseQuery);
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let statusCode: number;
    let headers: Record<string, string | string[] | undefined>;
    let text: string;
    const connections = await poolOf();
    try {
      const response = await connections.request({
        method: definition.method,
        path,
        headers: {
          authorization,
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body,
        signal: combined,
      });
      statusCode = response.statusCode;
      headers = response.headers;
      const encoding = headers['content-encoding'];
      text = await readBody(
        response.body,
        Array.isArray(encoding) ? encoding.join(',') : encoding,
        Number(headers['content-length'] ?? 0),
        maxBodyBytes,
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof BodyTooLarge)
        throw new ApiError({
          kind: 'invalid_response',
          endpoint: name,
          message: `${name}: the answer is larger than ${mib(maxBodyBytes)}; refused unread (no page of this interface is that large)`,
        });
      if (error instanceof UnknownEncoding)
        throw new ApiError({
          kind: 'invalid_response',
          endpoint: name,
          message: `${name}: the answer is encoded as "${clean(error.message)}", which Foyer did not ask for (it accepts gzip and deflate)`,
        });
      if (error instanceof Error && 'errno' in error && (error as { code?: string }).code?.startsWith('Z_'))
        throw new ApiError({
          kind: 'invalid_response',
          endpoint: name,
          message: `${name}: the compressed answer cannot be decoded (${error.message})`,
        });
      if (timeout.aborted)
        throw new ApiError({
          kind: 'timeout',
          endpoint: name,
          message: `${name}: no answer from ${base.origin} within ${timeoutMs} ms`,
          cause: error,
        });
      if (isNetworkError(error))
        throw new ApiError({
          kind: 'network',
          endpoint: name,
          message: `${name}: cannot reach ${base.origin} (${(error as Error).message})`,
          cause: error,
        });
      throw error;
    }

    if (statusCode < 200 || statusCode >= 300) {
      // The service's words are shown after ours, cleaned: they come from a server that is not ours.
      let code: string | undefined;
      let message = clean(text) || `HTTP ${statusCode}`;
      let details: ApiError['details'] = [];
      try {
        const parsed = ErrorBody.safeParse(JSON.parse(text));
        if (parsed.success) {
          code = clean(parsed.data.error.code, 60);
          message = clean(parsed.data.error.message);
          details = (parsed.data.error.details ?? [])
            .slice(0, 20)
            .map((d) => ({ path: clean(d.path), message: clean(d.message) }));
        }
      } catch {
        // not JSON: keep the start of the text as message
      }
      const kind = kindOfStatus(statusCode);
      const location = headers.location;
      const said =
        kind === 'forbidden'
          ? `the token was refused (${message})`
          : kind === 'redirected'
            ? `the service redirected to ${location ? clean(String(location)) : 'nowhere given'}; not followed, so the token is sent only to ${base.origin}`
            : message;
      throw new ApiError({
        kind,
        status: statusCode,
        code,
        details,
        endpoint: name,
        message: `${name}: ${statusCode}${code ? ` ${code}` : ''}: ${said}`,
        retryAfterMs: statusCode === 429 || statusCode === 503 ? parseRetryAfter(headers['retry-after']) : undefined,
      });
    }

    if (definition.response === null) return undefined as EndpointResponse<K>;
    if (callOptions.previous || callOptions.onHash) {
      const hash = textHash(text);
      callOptions.onHash?.(hash);
      if (callOptions.previous?.hash === hash) return callOptions.previous.answer as EndpointResponse<K>;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError({
        kind: 'invalid_response',
        status: statusCode,
        endpoint: name,
        message: `${name}: the answer is not JSON: ${JSON.stringify(clean(text.slice(0, 200)).slice(0, 80))}`,
      });
    }
    // The exact schema first (the fast path: an answer as the interface writes it), then, only for an
    // answer it refused, the tolerant one, record by record for a listing.
    const listing = listingOf(definition);
    const exact = definition.response.safeParse(json);
    // Every string of the answer is cleaned of the token here, where the service's text enters Foyer.
    if (exact.success)
      return cleaner.cleanDeep(
        listing
          ? {
              ...(exact.data as object),
              received: (exact.data as Record<string, unknown[]>)[listing.key]!.length,
              rejected: [],
            }
          : exact.data,
      ) as EndpointResponse<K>;
    const parsed = (listing?.envelope ?? TOLERANT.get(definition.response) ?? definition.response).safeParse(json);
    if (parsed.success && listing) {
      const page = parsed.data as Record<string, unknown>;
      const values = page[listing.key] as unknown[];
      const items: unknown[] = [];
      const rejected: RejectedRecord[] = [];
      for (const value of values) {
        const item = listing.item.safeParse(value);
        if (item.success) items.push(item.data);
        else rejected.push({ id: rawId(value), problem: clean(describeIssues(item.error.issues)) });
      }
      const answer = { ...page, [listing.key]: items, received: values.length, rejected };
      return cleaner.cleanDeep(answer) as EndpointResponse<K>;
    }
    if (!parsed.success)
      throw new ApiError({
        kind: 'invalid_response',
        status: statusCode,
        endpoint: name,
        details: issuesToDetails(parsed.error.issues),
        message: `${name}: the answer does not match the interface: ${clean(describeIssues(parsed.error.issues))}`,
      });
    return cleaner.cleanDeep(parsed.data) as EndpointResponse<K>;
  }

  return {
    baseUrl: base.href.replace(/\/+$/, ''),
    async call(name, request, callOptions = {}) {
      const definition: EndpointDefinition = endpoints[name];
      let body: string | undefined;
      if (definition.body && request.body instanceof PreparedBody) body = request.body.json;
      else if (definition.body) {
        // Strict request schemas: refuse locally what the service would refuse.
        const checked = definition.body.safeParse(request.body);
        if (!checked.success)
          throw new ApiError({
            kind: 'validation',
            endpoint: name,
            details: issuesToDetails(checked.error.issues),
            message: `${name}: the request is invalid: ${describeIssues(checked.error.issues)}`,
          });
        body = JSON.stringify(request.body);
      }
      // POST transitions are not idempotent: after no answer, the service may have applied it.
      const idempotent = definition.method !== 'POST';
      let attempt = 0;
      return withRetry(
        () => {
          options.onRequest?.(name, attempt++);
          return once(name, definition, request, body, callOptions);
        },
        {
          policy: callOptions.retry ?? options.retry ?? DEFAULT_RETRY,
          mayRetry: (error) => idempotent || error.kind === 'rate_limited' || error.status === 503,
          signal: callOptions.signal,
          ...(options.random ? { random: options.random } : {}),
          onRetry: (error, delay) => options.onRetry?.(error, delay),
        },
      );
    },
    close: async () => {
      if (pool) await (await pool).close();
    },
  };
}
