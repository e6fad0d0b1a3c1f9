/**
 * Unknown codes at the kiosk are throttled, so that trying codes one after
 * another (by hand or by a program talking to the browser host) gets nowhere:
 * a few misses are free (a guest scans the wrong QR), then each further miss
 * makes the next code wait twice as long as the last, up to five minutes.
 * Counted per key: the kiosk session, and the client it calls from when the
 * door knows it, so that a new session does not start the count again. A
 * valid code does not reset the count (a prober holding one pass could
 * otherwise interleave it); a quarter of an hour without a miss does.
 */
import { AppError } from '../app/errors.ts';

export interface CodeLimit {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

export const CODE_LIMIT: CodeLimit = { free: 5, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000, forgetMs: 15 * 60_000 };

interface Count {
  misses: number;
  lastMissAt: number;
  blockedUntil: number;
}

const MAX_KEYS = 10_000;

export function createCodeThrottle(limit: CodeLimit = CODE_LIMIT) {
  const counts = new Map<string, Count>();
  const current = (key: string, now: number): Count | undefined => {
    const count = counts.get(key);
    if (count && now - count.lastMissAt >= limit.forgetMs && now >= count.blockedUntil) {
      counts.delete(key);
      return undefined;
    }
    return count;
  };
  return {
    /** Refuses (REFUSED, with the wait) while any of the keys waits. */
    check(keys: readonly string[], now: number): void {
      const until = Math.max(0, ...keys.map((key) => current(key, now)?.blockedUntil ?? 0));
      if (now < until)
        throw new AppError(
          'REFUSED',
          `too many unknown codes; try again in ${Math.ceil((until - now) / 1000)} s, or ask at reception`,
        );
    },
    /** A code that revealed nobody: counted for every key. */
    missed(keys: readonly string[], now: number): void {
      for (const key of keys) {
        let count = current(key, now);
        if (!count) {
          // Bounded: the oldest key goes first (a Map keeps insertion order).
          if (counts.size >= MAX_KEYS) counts.delete(counts.keys().next().value!);
          counts.set(key, (count = { misses: 0, lastMissAt: now, blockedUntil: 0 }));
        }
        count.misses++;
        count.lastMissAt = now;
        const over = count.misses - limit.free;
        if (over > 0) count.blockedUntil = now + Math.min(limit.firstDelayMs * 2 ** (over - 1), limit.maxDelayMs);
      }
    },
  };
}
export type CodeThrottle = ReturnType<typeof createCodeThrottle>;
