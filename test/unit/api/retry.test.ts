/** Backoff and the retry loop, without any network. */
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind, kindOfStatus } from '../../../electron/core/api/errors.ts';
import { backoffDelay, withRetry } from '../../../electron/core/api/retry.ts';

const error = (kind: ApiErrorKind, extra: { status?: number; retryAfterMs?: number } = {}) =>
  new ApiError({ kind, message: kind, endpoint: 'listInvitations', ...extra });

const POLICY = { retries: 3, baseDelayMs: 1, maxDelayMs: 4 };

describe('errors', () => {
  it('classifies statuses and knows which kinds are transient', () => {
    expect([401, 404, 429, 500, 503, 400, 409, 413].map(kindOfStatus)).toEqual([
      'unauthorized',
      'not_found',
      'rate_limited',
      'server',
      'server',
      'validation',
      'validation',
      'validation',
    ]);
    const transient = (['network', 'timeout', 'rate_limited', 'server'] as const).map((k) => error(k).transient);
    const permanent = (['unauthorized', 'not_found', 'validation', 'invalid_response'] as const).map(
      (k) => error(k).transient,
    );
    expect(transient).toEqual([true, true, true, true]);
    expect(permanent).toEqual([false, false, false, false]);
  });
});

describe('backoffDelay', () => {
  it('grows exponentially up to the cap, scaled by the random factor', () => {
    const policy = { retries: 10, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4, 10].map((a) => backoffDelay(a, policy, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(200);
  });
});

describe('withRetry', () => {
  it('retries transient errors until success', async () => {
    let calls = 0;
    const delays: number[] = [];
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 3) throw error('server', { status: 503 });
        return 'ok';
      },
      { policy: POLICY, mayRetry: () => true, onRetry: (_e, delay) => void delays.push(delay), random: () => 1 },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(delays).toEqual([1, 2]);
  });

  it('gives up after policy.retries tries more', async () => {
    let calls = 0;
    const failing = withRetry(
      async () => {
        calls++;
        throw error('network');
      },
      { policy: POLICY, mayRetry: () => true },
    );
    await expect(failing).rejects.toMatchObject({ kind: 'network' });
    expect(calls).toBe(4);
  });

  it.each(['unauthorized', 'not_found', 'validation', 'invalid_response'] as const)(
    'never retries %s',
    async (kind) => {
      let calls = 0;
      const failing = withRetry(
        async () => {
          calls++;
          throw error(kind);
        },
        { policy: POLICY, mayRetry: () => true },
      );
      await expect(failing).rejects.toMatchObject({ kind });
      expect(calls).toBe(1);
    },
  );

  it('does not retry what mayRetry refuses, nor errors that are not ApiErrors', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw error('network');
        },
        { policy: POLICY, mayRetry: (e) => e.kind !== 'network' },
      ),
    ).rejects.toMatchObject({ kind: 'network' });
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new TypeError('a bug');
        },
        { policy: POLICY, mayRetry: () => true },
      ),
    ).rejects.toThrow(TypeError);
    expect(calls).toBe(2);
  });

  it('waits at least retryAfterMs', async () => {
    const delays: number[] = [];
    let calls = 0;
    await withRetry(
      async () => {
        if (calls++ === 0) throw error('rate_limited', { status: 429, retryAfterMs: 30 });
        return 1;
      },
      { policy: POLICY, mayRetry: () => true, onRetry: (_e, delay) => void delays.push(delay) },
    );
    expect(delays).toEqual([30]);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped');
    const pending = withRetry(
      async () => {
        throw error('server', { retryAfterMs: 60_000 });
      },
      {
        policy: { retries: 5, baseDelayMs: 1, maxDelayMs: 1 },
        mayRetry: () => true,
        signal: controller.signal,
        onRetry: () => controller.abort(reason),
      },
    );
    await expect(pending).rejects.toBe(reason);
  });
});
