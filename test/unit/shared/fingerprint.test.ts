/**
 * The hub's security code (shared/fingerprint.ts): the certificate's SHA-256
 * in groups a person reads without losing their place, a short form that is
 * the start of what a browser's certificate viewer shows, and the spellings
 * `hubFingerprint` accepts, all read back as the one colon form.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FINGERPRINT_HINT,
  fingerprintGroups,
  normaliseFingerprint,
  SHORT_GROUPS,
  shortFingerprint,
} from '../../../shared/fingerprint.ts';

// As Node's X509Certificate.fingerprint256 and Firefox's viewer show it: 32 upper-case pairs with colons.
const colon = createHash('sha256').update('a certificate').digest('hex').toUpperCase().match(/../g)!.join(':');
const hex = colon.replaceAll(':', '');

describe('the security code', () => {
  it('is 16 groups of 4 characters, the fingerprint in its own order', () => {
    const groups = fingerprintGroups(colon);
    expect(groups).toHaveLength(16);
    expect(groups.every((g) => /^[0-9A-F]{4}$/.test(g))).toBe(true);
    expect(groups.join('')).toBe(hex);
  });

  it('has a short form: the first 4 groups, the start of what the padlock shows', () => {
    expect(SHORT_GROUPS).toBe(4);
    expect(shortFingerprint(colon)).toBe(
      `${hex.slice(0, 4)} ${hex.slice(4, 8)} ${hex.slice(8, 12)} ${hex.slice(12, 16)}`,
    );
    // Chromium's viewer spaces the pairs, Firefox's puts colons: either way the same characters begin it.
    expect(colon.replaceAll(':', ' ').replaceAll(' ', '').startsWith(shortFingerprint(colon).replaceAll(' ', ''))).toBe(
      true,
    );
  });

  it('reads every spelling people copy as the one colon form', () => {
    for (const spelling of [
      colon,
      colon.toLowerCase(),
      hex,
      fingerprintGroups(colon).join(' '),
      fingerprintGroups(colon).join('  \n'),
      colon.replaceAll(':', ' '),
      colon.replaceAll(':', '-'),
      `  ${colon}  `,
    ])
      expect(normaliseFingerprint(spelling), spelling).toBe(colon);
  });

  it('leaves what is not a whole fingerprint as it was, for the check to refuse', () => {
    const short = shortFingerprint(colon);
    expect(normaliseFingerprint(short)).toBe(short);
    expect(normaliseFingerprint(`${hex}00`)).toBe(`${hex}00`);
    expect(normaliseFingerprint(`${hex.slice(1)}G`)).toBe(`${hex.slice(1)}G`);
    expect(FINGERPRINT_HINT).toMatch(/whole/);
  });

  it('shows groups of whatever it is given, without splitting a pair', () => {
    expect(fingerprintGroups('AB:CD:EF')).toEqual(['ABCD', 'EF']);
    expect(shortFingerprint('AB:CD')).toBe('ABCD');
  });
});
