/**
 * PINs are kept as salted scrypt hashes; comparisons take constant time.
 * A running host checks PINs with the asynchronous scrypt, on libuv's thread
 * pool: a scrypt takes tens of milliseconds, and a loop of unlock attempts
 * must not hold up every other request (the synchronous version did: 40
 * attempts delayed another request by 4.6 s).
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { PIN_HINT, PIN_PATTERN } from '../../../shared/domain/pin.ts';

const KEY_LENGTH = 32;

const scryptAsync = (pin: string, salt: Buffer, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(pin, salt, length, (error, key) => (error ? reject(error) : resolve(key))),
  );

function checked(pin: string): string {
  if (!PIN_PATTERN.test(pin)) throw new Error(PIN_HINT);
  return pin;
}

const format = (salt: Buffer, digest: Buffer) => `scrypt:${salt.toString('base64')}:${digest.toString('base64')}`;

/** For the CLI and tests, where nothing else waits. */
export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  return format(salt, scryptSync(checked(pin), salt, KEY_LENGTH));
}

/** For a running host: off the event loop. */
export async function hashPinAsync(pin: string): Promise<string> {
  const salt = randomBytes(16);
  return format(salt, await scryptAsync(checked(pin), salt, KEY_LENGTH));
}

/** A staff card's code: hashed as a PIN is, with no PIN rule (its own rule is the contract's CARD_CODE_PATTERN). */
export async function hashSecretAsync(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return format(salt, await scryptAsync(secret, salt, KEY_LENGTH));
}

export async function verifyPin(pin: string, hash: string | undefined): Promise<boolean> {
  if (!hash) return false;
  const [scheme, salt, digest] = hash.split(':');
  if (scheme !== 'scrypt' || !salt || !digest) return false;
  const expected = Buffer.from(digest, 'base64');
  if (expected.length === 0) return false;
  const actual = await scryptAsync(pin, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
