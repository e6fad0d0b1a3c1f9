/** Pass codes and the site key: signed, checked in constant time, the key private and settable. */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  matchServicePattern,
  readPassCode,
  signPassCode,
  verifyPassCode,
} from '../../../electron/core/codes/pass-codes.ts';
import { createSiteKeyStore, SiteKeyError } from '../../../electron/core/codes/site-key.ts';

const key = Buffer.from('a-site-key-of-enough-length-0123456789');

describe('pass codes', () => {
  it('round-trips and refuses anything else', () => {
    const code = signPassCode(key, 37);
    expect(code).toMatch(/^F1-37-[0-9A-HJKMNP-TV-X]{8}$/);
    expect(verifyPassCode(key, code)).toBe(37);
    expect(verifyPassCode(key, ` ${code.toLowerCase()} `)).toBe(37);
    expect(verifyPassCode(Buffer.from('another-site-key-of-enough-length-987'), code)).toBeUndefined();
    expect(verifyPassCode(key, code.replace('-37-', '-38-'))).toBeUndefined();
    expect(verifyPassCode(key, '37')).toBeUndefined();
    expect(verifyPassCode(key, 'F1-37')).toBeUndefined();
    expect(verifyPassCode(key, `${code}0`)).toBeUndefined();
  });

  it('reads letters typed for look-alike digits as the digits', () => {
    const code = signPassCode(key, 12345);
    const mac = code.split('-')[2]!;
    const typed = mac.replace(/0/g, 'O').replace(/1/g, 'I');
    expect(verifyPassCode(key, `F1-12345-${typed}`)).toBe(12345);
  });

  it("signs a walk-in's pass in a domain of its own: never read as an invitation's, nor the other way", () => {
    const pass = signPassCode(key, 37, 'walkIn');
    expect(pass).toMatch(/^F2-37-[0-9A-HJKMNP-TV-X]{8}$/);
    expect(readPassCode(key, pass)).toEqual({ kind: 'walkIn', id: 37 });
    expect(readPassCode(key, signPassCode(key, 37))).toEqual({ kind: 'invitation', id: 37 });
    expect(verifyPassCode(key, pass)).toBeUndefined();
    // The same mac under the other prefix is a forgery.
    expect(readPassCode(key, pass.replace('F2', 'F1'))).toBeUndefined();
    expect(readPassCode(key, signPassCode(key, 37).replace('F1', 'F2'))).toBeUndefined();
  });

  it('takes the id from the service QR content only with exactly the pattern', () => {
    expect(matchServicePattern(null, '42')).toBeUndefined();
    expect(matchServicePattern('^SVC:(\\d+):[a-f0-9]{16}$', 'SVC:42:0123456789abcdef')).toBe(42);
    expect(matchServicePattern('^SVC:(\\d+):[a-f0-9]{16}$', 'SVC:42:xyz')).toBeUndefined();
    expect(matchServicePattern('^SVC:(\\w+)$', 'SVC:abc')).toBeUndefined(); // not an id
  });
});

describe('the site key', () => {
  it('is generated once per data directory, readable by its owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-site-key-'));
    const store = createSiteKeyStore(dir);
    expect(store.exists()).toBe(false);
    const first = store.get();
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'site-key')).mode & 0o777).toBe(0o600);
    expect(createSiteKeyStore(dir).get().equals(first)).toBe(true);
  });

  it('can be set to the key of another kiosk of the site, and refuses a weak one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-site-key-'));
    const store = createSiteKeyStore(dir);
    store.set('shared-key-of-the-berlin-site-0123456789');
    expect(store.get().toString()).toBe('shared-key-of-the-berlin-site-0123456789');
    expect(readFileSync(join(dir, 'site-key'), 'utf8').trim()).toBe('shared-key-of-the-berlin-site-0123456789');
    expect(() => store.set('short')).toThrow(SiteKeyError);
    expect(() => store.set('has spaces in it but is long enough')).toThrow(/without spaces/);
  });
});
