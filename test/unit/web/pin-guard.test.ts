/** The PIN guard: waits per client and per process, whatever the session; attempts side by side are counted. */
import { describe, expect, it } from 'vitest';
import { createPinGuard, PIN_LIMITS } from '../../../electron/core/app/pin-guard.ts';

function guarded() {
  const clock = { now: 1_000_000 };
  const lines: string[] = [];
  const guard = createPinGuard({ now: () => clock.now, log: (line) => lines.push(line) });
  const tryWrong = (client: string) => {
    try {
      guard.begin(client).failed();
      return 'wrong';
    } catch (error) {
      return (error as Error).message;
    }
  };
  return { guard, clock, lines, tryWrong };
}

describe('the PIN guard', () => {
  it('many addresses together meet the process limit, and its lockout is logged', () => {
    const { clock, lines, tryWrong } = guarded();
    const answers: string[] = [];
    // 2 wrong PINs from each of many addresses: never the client limit, soon the process's.
    for (let i = 0; answers.filter((a) => a === 'wrong').length < PIN_LIMITS.process.lockoutAfter; i++) {
      const answer = tryWrong(`ip:10.0.0.${i % 200}`);
      answers.push(answer);
      const wait = /try again in (\d+) (s|min)/.exec(answer);
      if (wait) clock.now += Number(wait[1]) * (wait[2] === 'min' ? 60_000 : 1000);
    }
    // 10 free, the 11th sets the first wait
    expect(answers.slice(0, 11)).toEqual(Array(11).fill('wrong'));
    expect(answers[11]).toMatch(/try again in 1 s/);
    expect(tryWrong('ip:10.9.9.9')).toMatch(/try again in 15 min/);
    expect(lines.at(-1)).toMatch(/PIN lockout: 30 wrong PINs on this host, from all clients together/);
  });

  it('attempts sent side by side are counted before any is checked', () => {
    const { guard } = guarded();
    const open = [guard.begin('ip:a'), guard.begin('ip:a'), guard.begin('ip:a')];
    // three in flight: the fourth would be beyond the free ones while others are still being checked
    expect(() => guard.begin('ip:a')).toThrow(/too many wrong PINs/);
    for (const attempt of open) attempt.failed();
  });

  it('a right PIN clears its client, and counts are forgotten after a quiet hour', () => {
    const { guard, clock, tryWrong } = guarded();
    for (let i = 0; i < 3; i++) tryWrong('ip:a');
    guard.begin('ip:a').succeeded();
    for (let i = 0; i < 3; i++) expect(tryWrong('ip:a')).toBe('wrong');
    expect(tryWrong('ip:a')).toBe('wrong');
    expect(tryWrong('ip:a')).toMatch(/try again/);
    clock.now += 60 * 60_000;
    expect(tryWrong('ip:a')).toBe('wrong');
  });
});
