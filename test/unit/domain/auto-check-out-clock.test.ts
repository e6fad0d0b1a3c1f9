/**
 * The automatic check-out's time on the nights the clocks change, in Berlin
 * (this file runs under TZ=Europe/Berlin): on 29 March 2026 the clocks jump
 * from 02:00 to 03:00, so 02:30 does not exist that night and the run comes
 * at the first moment after it, 03:00 CEST (not at 03:30, and not "nothing
 * until 03:30"); on 25 October 2026 02:30 happens twice and the run comes at
 * the first.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { autoCheckOutDue, autoCheckOutMoment } from '../../../shared/domain/visit-end.ts';

// Node reads TZ again when it is set; the dates below are computed in the tests, after this.
vi.stubEnv('TZ', 'Europe/Berlin');
afterAll(() => void vi.unstubAllEnvs());

const at = (text: string) => Date.parse(text);

describe('the automatic check-out in Berlin', () => {
  it('runs this file in Berlin time', () => {
    expect(new Date(at('2026-03-29T08:29:00Z')).getHours()).toBe(10);
  });

  it('on an ordinary night runs at its time', () => {
    expect(new Date(autoCheckOutMoment('02:30', at('2026-03-10T12:00:00Z'))!).toISOString()).toBe(
      '2026-03-10T01:30:00.000Z',
    );
  });

  it('at a time the spring-forward night skips runs at the first moment after it: 03:00 CEST', () => {
    const moment = autoCheckOutMoment('02:30', at('2026-03-29T08:00:00Z'))!;
    expect(new Date(moment).toISOString()).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST
    expect(autoCheckOutDue('02:30', at('2026-03-29T00:59:59Z'), '2026-03-28')).toBeUndefined(); // 01:59:59 CET
    expect(autoCheckOutDue('02:30', at('2026-03-29T01:00:00Z'), '2026-03-28')).toBe('2026-03-29'); // 03:00 CEST
    // The hour that does exist is as any other night's.
    expect(new Date(autoCheckOutMoment('03:00', moment)!).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(autoCheckOutMoment('03:15', moment)!).toISOString()).toBe('2026-03-29T01:15:00.000Z');
    expect(new Date(autoCheckOutMoment('01:59', moment)!).toISOString()).toBe('2026-03-29T00:59:00.000Z');
  });

  it('at a time the fall-back night has twice runs at the first', () => {
    expect(new Date(autoCheckOutMoment('02:30', at('2026-10-25T12:00:00Z'))!).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z', // 02:30 CEST, before the clocks go back
    );
  });
});
