/** The service's QR codes read by the site's pattern, with the reason a code gives no invitation (the console's "try a code"). */
import { describe, expect, it } from 'vitest';
import { patternFromExample, readServiceCode } from '../../../shared/domain/service-code.ts';

const PATTERN = '^https://visit\\.example\\.com/i/(\\d+)$';

describe('readServiceCode', () => {
  it('gives the invitation id the group captured', () => {
    expect(readServiceCode(PATTERN, 'https://visit.example.com/i/4711')).toEqual({ id: 4711 });
    expect(readServiceCode(PATTERN, '  https://visit.example.com/i/4711\n')).toEqual({ id: 4711 });
  });

  it('says why a code gives none', () => {
    expect(readServiceCode(null, 'https://visit.example.com/i/4711')).toEqual({
      reason: 'no pattern is set: the kiosk accepts only the pass codes Foyer prints',
    });
    expect(readServiceCode(PATTERN, 'https://other.example.com/i/4711')).toEqual({
      reason: 'the pattern does not match this code',
    });
    expect(readServiceCode('^INV-(\\w+)$', 'INV-abc')).toEqual({
      reason: 'the pattern matches, but its group captured “abc”: an invitation id is digits only',
    });
    expect(readServiceCode('^INV-\\d+$', 'INV-12')).toEqual({
      reason: 'the pattern matches, but has no capturing group ( ) around the id',
    });
    expect(readServiceCode('^INV-(\\d+)$', 'INV-0')).toEqual({
      reason: 'the group captured 0: an invitation id starts at 1',
    });
    expect(readServiceCode('^INV-((', 'INV-1')).toEqual({ reason: 'the pattern is not a valid regular expression' });
  });
});

describe('patternFromExample', () => {
  it('makes an anchored pattern around the last number of an example, which reads the example back', () => {
    const pattern = patternFromExample('https://visit.example.com/i/4711')!;
    expect(pattern).toBe('^https://visit\\.example\\.com/i/(\\d+)$');
    expect(readServiceCode(pattern, 'https://visit.example.com/i/815')).toEqual({ id: 815 });
    expect(readServiceCode(pattern, 'https://visit.example.com/i/815?x=1')).toEqual({
      reason: 'the pattern does not match this code',
    });
    const query = patternFromExample('VISIT?site=3&inv=0042')!;
    expect(readServiceCode(query, 'VISIT?site=3&inv=77')).toEqual({ id: 77 });
    expect(patternFromExample('no digits here')).toBeUndefined();
  });
});
