/** The knobs that let the client's reliability be tested: latency, rate limiting, faults. */
import { ServiceError } from '../errors.ts';

export interface ReliabilityOptions {
  /** Requests per second; more are answered 429 with Retry-After. */
  rateLimit?: number | undefined;
  /** Share (0..1) of requests answered 503 or with a dropped connection. */
  faultRate?: number | undefined;
  /** Delay before every answer, in milliseconds. */
  latencyMs?: number | undefined;
  random?: () => number;
  now?: () => number;
}

/**
 * What happens to a request: `drop-after` applies the request and then drops
 * the connection, the nastiest case for a client (it cannot know the outcome).
 */
export type Fault = 'none' | 'unavailable' | 'drop-before' | 'drop-after';

export function createReliability(options: ReliabilityOptions) {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const rate = options.rateLimit;
  let tokens = rate ?? 0;
  let refilledAt = now();

  function takeToken(): void {
    if (!rate) return;
    const at = now();
    tokens = Math.min(rate, tokens + ((at - refilledAt) / 1000) * rate);
    refilledAt = at;
    if (tokens >= 1) {
      tokens -= 1;
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((1 - tokens) / rate));
    throw new ServiceError(
      429,
      'RATE_LIMITED',
      `more than ${rate} requests per second; retry after ${retryAfter} s`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }

  function pickFault(): Fault {
    const rateOfFaults = options.faultRate ?? 0;
    if (rateOfFaults <= 0 || random() >= rateOfFaults) return 'none';
    const kinds: Fault[] = ['unavailable', 'drop-before', 'drop-after'];
    return kinds[Math.floor(random() * kinds.length)] ?? 'unavailable';
  }

  return {
    async delay(): Promise<void> {
      if (options.latencyMs && options.latencyMs > 0)
        await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    },
    takeToken,
    pickFault,
  };
}
export type Reliability = ReturnType<typeof createReliability>;
