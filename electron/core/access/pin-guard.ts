/**
 * Limits PIN guessing. A 4-digit PIN has 10,000 values: what protects it is
 * how few guesses anyone gets. Wrong PINs are counted per client (a browser's
 * address, a paired device, the desktop app) and for the whole process,
 * whatever the session or cookie, so that starting a new session buys
 * nothing and many addresses together still meet the process's limit.
 *
 * Only wrong answers are slowed, and only their own client waits: after a
 * few free mistakes each wrong PIN makes its client wait twice as long as the
 * last, then a long lockout, logged for staff. The process's count sets a
 * wait of its own, but it falls on the client whose PIN was wrong, never on
 * another: a right PIN from a client that is not itself waiting is checked
 * and accepted at once, so that addresses sending wrong PINs cannot keep
 * staff out. A distributed guesser is still held: once the process's count
 * is past its free mistakes, each address gets one guess per process wait
 * (15 minutes from the 30th wrong PIN, doubled for every 30 more, up to 4
 * hours), not the ten an address gets alone: 250 addresses get about 1,650
 * guesses a day (a 4-digit PIN has 10,000), 5 addresses about 150.
 * The kiosk's unknown codes and the hub's pairing codes are limited by the
 * same guard, with limits of their own.
 */
import { isIPv6 } from 'node:net';
import { AppError } from '../errors.ts';
import { HOUR, MINUTE, SECOND } from '../../../shared/time.ts';

export interface PinLimit {
  /** Wrong PINs allowed without any wait (typing mistakes). */
  free: number;
  /** The wait after the first wrong PIN beyond the free ones; doubled for each next one. */
  firstDelayMs: number;
  /** From this many wrong PINs on, each one locks for lockoutMs. */
  lockoutAfter: number;
  lockoutMs: number;
  /** From lockoutAfter on, the lockout doubles for every lockoutAfter further wrong PINs, up to this (default: lockoutMs). */
  longestMs?: number;
  /** A key's count is forgotten after this long without a wrong PIN. */
  forgetMs: number;
}

export const PIN_LIMITS: { client: PinLimit; process: PinLimit } = {
  client: { free: 3, firstDelayMs: SECOND, lockoutAfter: 10, lockoutMs: 15 * MINUTE, forgetMs: HOUR },
  // A guesser with many addresses gets one guess per address per process wait: it grows with every 30 more, to 4 h.
  process: {
    free: 10,
    firstDelayMs: SECOND,
    lockoutAfter: 30,
    lockoutMs: 15 * MINUTE,
    longestMs: 4 * HOUR,
    forgetMs: 4 * HOUR,
  },
};

interface Counter {
  /** Wrong PINs, counting the attempts still being checked. */
  failures: number;
  lastFailureAt: number;
  /** Only a client's: no PIN of it is tried before this. */
  blockedUntil: number;
  /** Attempts being checked now: beyond the free ones, one at a time, so that side-by-side guesses meet the waits. */
  checking: number;
}

export interface PinAttempt {
  /** The PIN was right: the client's count starts again (the process's does not: a guesser elsewhere keeps theirs). */
  succeeded(): void;
  /** The PIN was wrong: the count stands and the client's next wait is set. */
  failed(): void;
}

export interface PinGuard {
  /**
   * Call before a PIN is checked. Refuses (REFUSED, with the wait) while the
   * client waits; otherwise counts the attempt as wrong at once, so that
   * attempts sent side by side are all counted, and returns the attempt to
   * settle when the PIN has been checked.
   */
  begin(client: string): PinAttempt;
}

const MAX_COUNTED_CLIENTS = 10_000;

/**
 * The key a client is counted under. An IPv6 host owns a whole /64 (it can
 * pick a new address in it for every request), so an IPv6 address is counted
 * by its /64; an IPv4 address written as IPv6 (::ffff:a.b.c.d) as IPv4.
 */
export function countedClient(client: string): string {
  if (!client.startsWith('ip:')) return client;
  const address = client.slice(3).replace(/%.*$/, '');
  if (!isIPv6(address)) return client;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return `ip:${mapped[1]}`;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `ip:${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

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
    if (failures >= limit.lockoutAfter)
      return Math.min(
        limit.lockoutMs * 2 ** Math.floor((failures - limit.lockoutAfter) / limit.lockoutAfter),
        limit.longestMs ?? limit.lockoutMs,
      );
    if (failures <= limit.free) return 0;
    return Math.min(limit.firstDelayMs * 2 ** (failures - limit.free - 1), limit.lockoutMs);
  }

  const wait = (ms: number) => (ms >= 90 * SECOND ? `${Math.ceil(ms / MINUTE)} min` : `${Math.ceil(ms / SECOND)} s`);

  function logLockouts(client: string, own: Counter, until: number): void {
    const where: [Counter, PinLimit, string][] = [
      [own, limits.client, `from ${client}`],
      [processWide, limits.process, 'on this host, from all clients together'],
    ];
    for (const [counter, limit, from] of where)
      if (counter.failures >= limit.lockoutAfter)
        options.log?.(
          `${lockoutName}: ${counter.failures} ${failuresName} ${from}; ${client} is refused until ${new Date(until).toISOString()}`,
        );
  }

  return {
    begin(asked) {
      const client = countedClient(asked);
      const at = now();
      const own = clientCounter(client, at);
      fresh(processWide, limits.process, at);
      if (at < own.blockedUntil)
        throw new AppError('REFUSED', `too many ${failuresName}; try again in ${wait(own.blockedUntil - at)}`);
      // Side by side, a client's attempts beyond its free ones (or any, once the process's are used up) would
      // all be checked before the first one's wait is set: one at a time, then.
      const pastFree = own.failures >= limits.client.free || processWide.failures >= limits.process.free;
      if (pastFree && own.checking > 0) throw new AppError('REFUSED', `too many ${failuresName}; try again in 1 s`);
      for (const counter of [own, processWide]) {
        counter.failures++;
        counter.lastFailureAt = at;
        counter.checking++;
      }
      const settle = () => {
        for (const counter of [own, processWide]) counter.checking = Math.max(0, counter.checking - 1);
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
          const ms = Math.max(waitAfter(own.failures, limits.client), waitAfter(processWide.failures, limits.process));
          if (ms === 0) return;
          own.blockedUntil = Math.max(own.blockedUntil, now() + ms);
          logLockouts(client, own, own.blockedUntil);
        },
      };
    },
  };
}
