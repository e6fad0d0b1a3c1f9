import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../../../renderer/src/lib/throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes the first call at once and the latest of a burst at the end of the window', () => {
    const seen: number[] = [];
    const push = throttle((n: number) => seen.push(n), 250);
    push(1);
    expect(seen).toEqual([1]);
    for (let n = 2; n <= 1000; n++) push(n);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(250);
    expect(seen).toEqual([1, 1000]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([1, 1000]);
    push(1001);
    expect(seen).toEqual([1, 1000, 1001]);
  });

  it('drops what is waiting when cancelled', () => {
    const seen: number[] = [];
    const push = throttle((n: number) => seen.push(n), 100);
    push(1);
    push(2);
    push.cancel();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([1]);
  });
});
