/**
 * The PIN guard: waits per client, set by the client's own count and by the
 * process's; only wrong answers wait, and only their own client; attempts
 * side by side are counted.
 */
import { describe, expect, it } from 'vitest';
import { countedClient, createPinGuard, PIN_LIMITS } from '../../../electron/core/access/pin-guard.ts';

const MINUTE = 60_000;

function guarded(limits = PIN_LIMITS) {
  const clock = { now: 1_000_000 };
  const lines: string[] = [];
  const guard = createPinGuard({ now: () => clock.now, log: (line) => lines.push(line), limits });
  /** One attempt settled as `outcome`: 'wrong', 'right', or the refusal's message when it was not even tried. */
  const attempt = (client: string, outcome: 'wrong' | 'right' = 'wrong') => {
    try {
      const open = guard.begin(client);
      if (outcome === 'right') open.succeeded();
      else open.failed();
      return outcome;
    } catch (error) {
      return (error as Error).message;
    }
  };
  const waitOf = (answer: string) => {
    const wait = /try again in (\d+) (s|min)/.exec(answer);
    return wait ? Number(wait[1]) * (wait[2] === 'min' ? MINUTE : 1000) : 0;
  };
  return { guard, clock, lines, attempt, waitOf };
}

/**
 * Addresses that each send a wrong PIN as soon as their own wait allows, for `ms`; the clock moves in
 * steps of a second. Returns how many PINs were tried (not refused unchecked).
 */
function distributedGuesser(g: ReturnType<typeof guarded>, addresses: number, ms: number, stepMs = 1000): number {
  const readyAt = new Map<number, number>();
  let tried = 0;
  for (const end = g.clock.now + ms; g.clock.now < end; g.clock.now += stepMs)
    for (let a = 0; a < addresses; a++) {
      if ((readyAt.get(a) ?? 0) > g.clock.now) continue;
      const answer = g.attempt(`ip:10.0.${a >> 8}.${a & 255}`);
      if (answer === 'wrong') tried++;
      else readyAt.set(a, g.clock.now + g.waitOf(answer));
    }
  return tried;
}

describe('the PIN guard', () => {
  it("many addresses together meet the process's limit: each wrong answer beyond it makes its own address wait", () => {
    const { attempt, lines } = guarded();
    // One wrong PIN from each of many addresses: never a client's limit.
    const answers = Array.from({ length: 30 }, (_, i) => attempt(`ip:10.0.0.${i}`));
    expect(answers).toEqual(Array(30).fill('wrong'));
    // The first ten were free for everyone; the 11th set a wait of 1 s on its own address only, and so on.
    expect(attempt('ip:10.0.0.9')).toBe('wrong');
    expect(attempt('ip:10.0.0.10')).toMatch(/too many wrong PINs; try again in 1 s/);
    // From the 30th, each wrong answer locks its address out for 15 minutes, and the log says so.
    expect(attempt('ip:10.0.0.29')).toMatch(/try again in 15 min/);
    expect(attempt('ip:10.0.1.1')).toBe('wrong');
    expect(attempt('ip:10.0.1.1')).toMatch(/try again in 15 min/);
    expect(lines.at(-1)).toMatch(
      /^PIN lockout: 32 wrong PINs on this host, from all clients together; ip:10\.0\.1\.1 /,
    );
  });

  it('wrong PINs from 5 addresses, each sent as soon as a wait ends, never stop a right PIN from a fresh address', () => {
    const g = guarded();
    const refusedRight: string[] = [];
    const readyAt = new Map<number, number>();
    // A desk that had one typo before the attack.
    expect(g.attempt('device:7')).toBe('wrong');
    // Two hours of an attacker's addresses and, every 5 minutes, a member of staff at a fresh address and at that desk.
    for (let second = 0; second < 2 * 60 * 60; second++, g.clock.now += 1000) {
      for (let a = 0; a < 5; a++) {
        if ((readyAt.get(a) ?? 0) > g.clock.now) continue;
        const answer = g.attempt(`ip:192.0.2.${a + 1}`);
        if (answer !== 'wrong') readyAt.set(a, g.clock.now + g.waitOf(answer));
      }
      if (second % 300 === 150) {
        const answer = g.attempt(`ip:198.51.100.${second / 300 + 1}`, 'right');
        if (answer !== 'right') refusedRight.push(answer);
        const typist = g.attempt('device:7', 'right');
        if (typist !== 'right') refusedRight.push(typist);
      }
    }
    expect(refusedRight).toEqual([]);
  });

  it('still slows a distributed guesser: 50 addresses get about one guess each past the process limit, not ten', () => {
    const alone = distributedGuesser(
      guarded({
        client: PIN_LIMITS.client,
        process: { ...PIN_LIMITS.process, free: Infinity, lockoutAfter: Infinity },
      }),
      50,
      10 * MINUTE,
    );
    const together = distributedGuesser(guarded(), 50, 10 * MINUTE);
    // Per address alone: 10 each within about a minute (3 free, waits of 1 to 32 s), then the lockout.
    expect(alone).toBe(500);
    // With the process's count: its 10 free, waits while it climbs to 30, then one each before its 15 minutes.
    expect(together).toBeLessThanOrEqual(30 + 50);
  });

  it('holds a guesser who keeps at it longer and longer: 50 addresses for a day get a few hundred guesses', () => {
    const g = guarded();
    expect(distributedGuesser(g, 50, 24 * 60 * MINUTE, 5_000)).toBeLessThan(500);
    // Each wrong answer now makes its address wait 4 hours; a right PIN from elsewhere is still taken at once.
    expect(g.attempt('ip:10.9.9.9')).toBe('wrong');
    expect(g.attempt('ip:10.9.9.9')).toMatch(/try again in 240 min/);
    expect(g.attempt('ip:10.9.9.10', 'right')).toBe('right');
  });

  it('attempts sent side by side are counted before any is checked', () => {
    const { guard } = guarded();
    const open = [guard.begin('ip:a'), guard.begin('ip:a'), guard.begin('ip:a')];
    // three in flight: the fourth would be beyond the free ones while others are still being checked
    expect(() => guard.begin('ip:a')).toThrow(/too many wrong PINs/);
    for (const attempt of open) attempt.failed();
  });

  it("past the process's free mistakes, a client has one attempt in flight at a time; others are not held", () => {
    const { guard, attempt } = guarded();
    for (let i = 0; i < 10; i++) attempt(`ip:10.1.0.${i}`);
    const first = guard.begin('ip:b');
    expect(() => guard.begin('ip:b')).toThrow(/too many wrong PINs; try again in 1 s/);
    expect(attempt('ip:c', 'right')).toBe('right');
    first.succeeded();
  });

  it('a right PIN clears its client, and counts are forgotten after a quiet hour', () => {
    const { clock, attempt } = guarded();
    for (let i = 0; i < 3; i++) attempt('ip:a');
    expect(attempt('ip:a', 'right')).toBe('right');
    for (let i = 0; i < 3; i++) expect(attempt('ip:a')).toBe('wrong');
    expect(attempt('ip:a')).toBe('wrong');
    expect(attempt('ip:a')).toMatch(/try again/);
    clock.now += 60 * MINUTE;
    expect(attempt('ip:a')).toBe('wrong');
  });

  it('counts an IPv6 address by its /64, which one host can fill with addresses of its own', () => {
    expect(countedClient('ip:2001:db8:1:2:aaaa::1')).toBe('ip:2001:db8:1:2::/64');
    expect(countedClient('ip:2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('ip:2001:db8:1:2::/64');
    expect(countedClient('ip:fe80::1%eth0')).toBe('ip:fe80:0:0:0::/64');
    expect(countedClient('ip:::ffff:192.0.2.7')).toBe('ip:192.0.2.7');
    expect(countedClient('ip:192.0.2.7')).toBe('ip:192.0.2.7');
    expect(countedClient('device:3')).toBe('device:3');
    const { attempt } = guarded();
    for (let i = 1; i <= 4; i++) attempt(`ip:2001:db8:1:2::${i}`);
    expect(attempt('ip:2001:db8:1:2::99')).toMatch(/try again in 1 s/);
    expect(attempt('ip:2001:db8:1:3::1')).toBe('wrong');
  });
});
