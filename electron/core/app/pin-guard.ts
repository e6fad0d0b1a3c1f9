/**
 * Limits PIN guessing. A 4-digit PIN has 10,000 values: what protects it is
 * how few guesses anyone gets. Wrong PINs are counted per client (a browser's
 * address, the desktop app) and for the whole process, whatever the session
 * or cookie, so that starting a new session buys nothing and many addresses
 * together still meet the process's limit. After a few free mistakes each
 * further one makes the caller wait twice as long as the last; after more, a
 * long lockout, logged for staff. While a key waits, no PIN is even tried:
 * the right one is refused too. The kiosk's unknown codes are limited by
 * the same guard, with limits of their own (see kiosk.ts).
 */
import { AppError } from './errors.ts';
import { HOUR, MINUTE, SECOND } from '../../../shared/time.ts';

export interface PinLimit {
  /** Wrong PINs allowed without any wait (typing mistakes). */
  free: number;
  /** The wait after the first wrong PIN beyond the free ones; doubled for each next one. */
  firstDelayMs: number;
  /** From this many wrong PINs on, each one locks for lockoutMs. */
  lockoutAfter: number;
  lockoutMs: number;
  /** A key's count is forgotten after this long without a wrong PIN. */
  forgetMs: number;
}

export const PIN_LIMITS: { client: PinLimit; process: PinLimit } = {
  client: { free: 3, firstDelayMs: SECOND, lockoutAfter: 10, lockoutMs: 15 * MINUTE, forgetMs: HOUR },
  process: { free: 10, firstDelayMs: SECOND, lockoutAfter: 30, lockoutMs: 15 * MINUTE, forgetMs: HOUR },
};

interface Counter {
  /** Wrong PINs, counting the attempts still being checked. */
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
  /** Attempts being checked now: beyond the free ones, one at a time, so that side-by-side guesses meet the waits. */
  checking: number;
}

export interface PinAttempt {
  /** The PIN was right: the client's count starts again (the process's does not: a guesser elsewhere keeps theirs). */
  succeeded(): void;
  /** The PIN was wrong: the count stands and the next wait is set. */
  failed(): void;
}

export interface PinGuard {
  /**
   * Call before a PIN is checked. Refuses (REFUSED, with the wait) while the
   * client or the process waits; otherwise counts the attempt as wrong at
   * once, so that attempts sent side by side are all counted, and returns
   * the attempt to settle when the PIN has been checked.
   */
  begin(client: string): PinAttempt;
}

const MAX_COUNTED_CLIENTS = 10_000;

export function createPinGuard(
  options: {
    now?: () => number;
    log?: (line: string) => void;
    limits?: { client: PinLimit; process: PinLimit };
    /** What is counted, for messages and the log: the kiosk's unknown codes use the same guard. */
    names?: { failures: string; lockout: string };
  } = {},
): PinGuard {
  const now = options.now ?? Date.now;
  const { failures: failuresName, lockout: lockoutName } = options.names ?? {
    failures: 'wrong PINs',
    lockout: 'PIN lockout',
  };
  const limits = options.limits ?? PIN_LIMITS;
  const clients = new Map<string, Counter>();
  const processWide: Counter = { failures: 0, lastFailureAt: 0, blockedUntil: 0, checking: 0 };

  function fresh(counter: Counter, limit: PinLimit, at: number): Counter {
    if (counter.failures > 0 && at - counter.lastFailureAt >= limit.forgetMs && at >= counter.blockedUntil) {
      counter.failures = 0;
      counter.blockedUntil = 0;
    }
    return counter;
  }

  function clientCounter(client: string, at: number): Counter {
    let counter = clients.get(client);
    if (!counter) {
      // Bounded: the oldest entry goes (a Map keeps insertion order); the process's count still holds a guesser
      // who sprays addresses.
      if (clients.size >= MAX_COUNTED_CLIENTS) clients.delete(clients.keys().next().value!);
      counter = { failures: 0, lastFailureAt: 0, blockedUntil: 0, checking: 0 };
      clients.set(client, counter);
    }
    return fresh(counter, limits.client, at);
  }

  /** The wait that the n-th wrong PIN brings. */
  function waitAfter(failures: number, limit: PinLimit): number {
    if (failures >= limit.lockoutAfter) return limit.lockoutMs;
    if (failures <= limit.free) return 0;
    return Math.min(limit.firstDelayMs * 2 ** (failures - limit.free - 1), limit.lockoutMs);
  }

  const wait = (ms: number) => (ms >= 90 * SECOND ? `${Math.ceil(ms / MINUTE)} min` : `${Math.ceil(ms / SECOND)} s`);

  return {
    begin(client) {
      const at = now();
      const own = clientCounter(client, at);
      fresh(processWide, limits.process, at);
      const blockedUntil = Math.max(own.blockedUntil, processWide.blockedUntil);
      if (at < blockedUntil)
        throw new AppError('REFUSED', `too many ${failuresName}; try again in ${wait(blockedUntil - at)}`);
      const counted: [Counter, PinLimit, string][] = [
        [own, limits.client, `from ${client}`],
        [processWide, limits.process, 'on this host, from all clients together'],
      ];
      if (counted.some(([counter, limit]) => counter.failures >= limit.free && counter.checking > 0))
        throw new AppError('REFUSED', `too many ${failuresName}; try again in 1 s`);
      for (const [counter] of counted) {
        counter.failures++;
        counter.lastFailureAt = at;
        counter.checking++;
      }
      const settle = () => {
        for (const [counter] of counted) counter.checking = Math.max(0, counter.checking - 1);
      };
      return {
        succeeded() {
          settle();
          own.failures = 0;
          own.blockedUntil = 0;
          processWide.failures = Math.max(0, processWide.failures - 1); // this attempt was not wrong after all
        },
        failed() {
          settle();
          const settled = now();
          for (const [counter, limit, where] of counted) {
            const ms = waitAfter(counter.failures, limit);
            if (ms === 0) continue;
            counter.blockedUntil = Math.max(counter.blockedUntil, settled + ms);
            if (counter.failures >= limit.lockoutAfter)
              options.log?.(
                `${lockoutName}: ${counter.failures} ${failuresName} ${where}; refused until ${new Date(counter.blockedUntil).toISOString()}`,
              );
          }
        },
      };
    },
  };
}
