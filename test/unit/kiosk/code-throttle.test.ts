/** The kiosk's code throttle: free misses, doubling waits up to a cap, per key, forgotten after a quiet while. */
import { describe, expect, it } from 'vitest';
import { CODE_LIMIT, createCodeThrottle } from '../../../electron/core/kiosk/code-throttle.ts';

const S = 1_000;

describe('the code throttle', () => {
  it('lets a few misses pass, then doubles the wait after each further one, up to the cap', () => {
    const throttle = createCodeThrottle();
    const keys = ['session:a', 'client:ip:10.0.0.7'];
    let now = 0;
    const waits: number[] = [];
    for (let miss = 1; miss <= 16; miss++) {
      throttle.check(keys, now);
      throttle.missed(keys, now);
      // The wait is the time until check() passes again.
      let wait = 0;
      while ((() => { try { throttle.check(keys, now + wait); return false; } catch { return true; } })()) wait += S; // prettier-ignore
      waits.push(wait / S);
      now += wait;
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
  });

  it('refuses while any key waits: a new session from the same client gets nowhere', () => {
    const throttle = createCodeThrottle();
    for (let i = 0; i < CODE_LIMIT.free + 1; i++) throttle.missed(['session:a', 'client:ip:1'], 0);
    expect(() => throttle.check(['session:b', 'client:ip:1'], 10)).toThrow(/too many unknown codes; try again in 1 s/);
    expect(() => throttle.check(['session:c', 'client:ip:2'], 10)).not.toThrow();
  });

  it('forgets the misses after a quiet quarter of an hour', () => {
    const throttle = createCodeThrottle();
    for (let i = 0; i < 8; i++) throttle.missed(['session:a'], 0);
    expect(() => throttle.check(['session:a'], 1)).toThrow();
    throttle.missed(['session:a'], CODE_LIMIT.forgetMs + 10 * 60 * S);
    expect(() => throttle.check(['session:a'], CODE_LIMIT.forgetMs + 10 * 60 * S + 1)).not.toThrow();
  });
});
