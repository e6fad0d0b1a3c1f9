/**
 * Guest pass codes that cannot be guessed: "F1-<invitation id>-<mac>", the
 * mac being HMAC-SHA256 of the id under the site key, cut to 8 characters of
 * a 30-letter alphabet (about 39 bits). Counting ids, or trying random
 * codes, finds nobody: a wrong mac is as unknown as a wrong id.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readServiceCodeLinear } from './service-pattern.ts';

/**
 * Crockford's base 32 without Y and Z: a hand scanner set to a US layout on a
 * German keyboard types those two swapped. Letters that look like digits are
 * left out too (and read as the digit when typed).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWX';
const MAC_CHARS = 8;
const PREFIX = 'F1';
/** Any one separator: a scanner on another keyboard layout may type "-" as "ß", "'" or "?". */
const CODE = /^F1[^0-9A-Za-z]?(\d{1,12})[^0-9A-Za-z]?([0-9A-Za-z]{8})$/i;

function macOf(key: Buffer, invitationId: number): string {
  const digest = createHmac('sha256', key).update(`foyer-pass-v1:${invitationId}`).digest();
  let value = digest.readBigUInt64BE(0);
  let mac = '';
  for (let i = 0; i < MAC_CHARS; i++) {
    mac += ALPHABET[Number(value % 30n)];
    value /= 30n;
  }
  return mac;
}

export function signPassCode(key: Buffer, invitationId: number): string {
  return `${PREFIX}-${invitationId}-${macOf(key, invitationId)}`;
}

/** The invitation id of a code signed with this key, or undefined. */
export function verifyPassCode(key: Buffer, text: string): number | undefined {
  const match = CODE.exec(text.trim());
  if (!match) return undefined;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const typed = match[2]!.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  const expected = macOf(key, id);
  return timingSafeEqual(Buffer.from(typed), Buffer.from(expected)) ? id : undefined;
}

/** Whether text looks like a Foyer pass code at all (for telling a typo from a name). */
export const looksLikePassCode = (text: string) => CODE.test(text.trim());

/**
 * The invitation id in the service's own QR content, by the site's pattern
 * (one capturing group around the id), or undefined; matched in linear time.
 */
export function matchServicePattern(pattern: string | null, text: string): number | undefined {
  const reading = readServiceCodeLinear(pattern, text);
  return 'id' in reading ? reading.id : undefined;
}
