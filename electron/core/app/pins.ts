/** PINs are kept as salted scrypt hashes; comparisons take constant time. */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

export function hashPin(pin: string): string {
  if (!/^\d{4,12}$/.test(pin)) throw new Error('a PIN is 4 to 12 digits');
  const salt = randomBytes(16);
  return `scrypt:${salt.toString('base64')}:${scryptSync(pin, salt, 32).toString('base64')}`;
}

export function verifyPin(pin: string, hash: string | undefined): boolean {
  if (!hash) return false;
  const [scheme, salt, digest] = hash.split(':');
  if (scheme !== 'scrypt' || !salt || !digest) return false;
  const expected = Buffer.from(digest, 'base64');
  const actual = scryptSync(pin, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
