/** Exponential backoff with full jitter, for the transient error classes only. */
import { ApiError } from './errors.ts';

export interface RetryPolicy {
  /** Tries after the first; 0 disables retrying. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * No retry starts once this long has passed since the first try (a service
   * that answers a byte a second must not hold a pull for tries x timeout).
   */
  budgetMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 200, maxDelayMs: 10_000, budgetMs: 30_000 };

export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, fails for good, or the tries run out.
 * `mayRetry` decides per error (a non-idempotent request may not be repeated
 * after a network error: the service may have applied it).
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  options: {
    policy: RetryPolicy;
    mayRetry: (error: ApiError) => boolean;
    signal?: AbortSignal | undefined;
    random?: () => number;
    onRetry?: (error: ApiError, delayMs: number, attempt: number) => void;
  },
): Promise<T> {
  const started = Date.now();
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (
        !(error instanceof ApiError) ||
        !error.transient ||
        !options.mayRetry(error) ||
        tries >= options.policy.retries
      )
        throw error;
      const delay = Math.max(error.retryAfterMs ?? 0, backoffDelay(tries, options.policy, options.random));
      if (Date.now() - started + delay > (options.policy.budgetMs ?? Number.POSITIVE_INFINITY)) throw error;
      options.onRetry?.(error, delay, tries + 1);
      await sleep(delay, options.signal);
    }
  }
}
