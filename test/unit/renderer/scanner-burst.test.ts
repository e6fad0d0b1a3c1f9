import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBurstDetector } from '../../../renderer/src/features/kiosk/scanner-burst.ts';

describe('scanner bursts', () => {
  let events: string[];
  let detector: ReturnType<typeof createBurstDetector>;
  beforeEach(() => {
    vi.useFakeTimers();
    events = [];
    detector = createBurstDetector({
      onCode: (code) => events.push(`code:${code}`),
      onBurstStart: () => events.push('start'),
      onText: (text) => events.push(`text:${text}`),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
  });
  afterEach(() => vi.useRealTimers());

  /** Types `text` at `gap` ms a key from `start`; returns each key's verdict. */
  const type = (text: string, gap: number, start = 1000) =>
    Array.from(text).map((key, i) => detector.key({ key, at: start + i * gap }));

  it('takes keys under 30 ms apart, ended by Enter, as a code, and holds them back from the field', () => {
    const verdicts = type('F1-42-abc', 8);
    expect(verdicts[0]).toBe('first');
    expect(verdicts.slice(1).every((v) => v === 'swallow')).toBe(true);
    expect(detector.key({ key: 'Enter', at: 1000 + 9 * 8 })).toBe('swallow');
    expect(events).toEqual(['start', 'code:F1-42-abc']);
  });

  it('ignores the Shift a scanner holds for capitals', () => {
    detector.key({ key: 'Shift', at: 990 });
    detector.key({ key: 'F', at: 1000 });
    detector.key({ key: 'Shift', at: 1004 });
    detector.key({ key: '1', at: 1008 });
    type('-42', 8, 1016);
    detector.key({ key: 'Enter', at: 1040 });
    expect(events).toEqual(['start', 'code:F1-42']);
  });

  it('lets a person type: keys 80 ms apart all pass, Enter too', () => {
    expect(type('Maria', 80).every((v) => v === 'first')).toBe(true);
    expect(detector.key({ key: 'Enter', at: 1000 + 5 * 80 })).toBe('pass');
    expect(events).toEqual([]);
  });

  it('gives two keys pressed together by a person back as text once nothing follows', () => {
    type('ab', 10);
    expect(events).toEqual(['start']);
    vi.advanceTimersByTime(200);
    expect(events).toEqual(['start', 'text:ab']);
  });

  it('does not take a short fast run as a code', () => {
    type('ab', 10);
    expect(detector.key({ key: 'Enter', at: 1020 })).toBe('pass');
    expect(events).toEqual(['start', 'text:ab']);
  });

  it('does not take a fast run ended by a late Enter as a code', () => {
    type('F1-42-abc', 8);
    expect(detector.key({ key: 'Enter', at: 1000 + 8 * 8 + 500 })).toBe('pass');
    expect(events).toEqual(['start', 'text:F1-42-abc']);
  });

  it('starts a new run after a pause, and ignores keys with modifiers', () => {
    type('Mar', 100);
    type('F1-7-xyz', 5, 5000);
    detector.key({ key: 'Enter', at: 5000 + 8 * 5 });
    expect(events).toEqual(['start', 'code:F1-7-xyz']);
    expect(detector.key({ key: 'v', at: 9000, modified: true })).toBe('pass');
    expect(detector.key({ key: 'Backspace', at: 9001 })).toBe('pass');
  });
});
