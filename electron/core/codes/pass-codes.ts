/**
 * Guest pass codes that cannot be guessed: "F1-<invitation id>-<mac>", the
 * mac being HMAC-SHA256 of the id under the site key, cut to 8 characters of
 * a 30-letter alphabet (about 39 bits). Counting ids, or trying random
 * codes, finds nobody: a wrong mac is as unknown as a wrong id.
 *
 * A walk-in's pass is "F2-<walk-in id>-<mac>", signed the same way in a
 * domain of its own: it is printed the moment the walk-in is let in, before
 * the service has given their visit an invitation id, and stays good once
 * it has (the kiosk reads it through the walk-in's row).
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
/** What a pass names: an invitation, or a walk-in let in (whose invitation may not have come yet). */
export type PassKind = 'invitation' | 'walkIn';
const PREFIXES: Record<PassKind, string> = { invitation: 'F1', walkIn: 'F2' };
const DOMAINS: Record<PassKind, string> = { invitation: 'foyer-pass-v1', walkIn: 'foyer-walk-in-pass-v1' };
/** Any one separator: a scanner on another keyboard layout may type "-" as "ß", "'" or "?". */
const CODE = /^F([12])[^0-9A-Za-z]?(\d{1,12})[^0-9A-Za-z]?([0-9A-Za-z]{8})$/i;

function macOf(key: Buffer, id: number, kind: PassKind = 'invitation'): string {
  const digest = createHmac('sha256', key).update(`${DOMAINS[kind]}:${id}`).digest();
  let value = digest.readBigUInt64BE(0);
  let mac = '';
  for (let i = 0; i < MAC_CHARS; i++) {
    mac += ALPHABET[Number(value % 30n)];
    value /= 30n;
  }
  return mac;
}

export function signPassCode(key: Buffer, id: number, kind: PassKind = 'invitation'): string {
  return `${PREFIXES[kind]}-${id}-${macOf(key, id, kind)}`;
}

/** What a code signed with this key names (an invitation or a walk-in), or undefined. */
export function readPassCode(key: Buffer, text: string): { kind: PassKind; id: number } | undefined {
  const match = CODE.exec(text.trim());
  if (!match) return undefined;
  const kind: PassKind = match[1] === '2' ? 'walkIn' : 'invitation';
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const typed = match[3]!.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  const expected = macOf(key, id, kind);
  return timingSafeEqual(Buffer.from(typed), Buffer.from(expected)) ? { kind, id } : undefined;
}

/** The invitation id of an invitation's code signed with this key, or undefined. */
export function verifyPassCode(key: Buffer, text: string): number | undefined {
  const read = readPassCode(key, text);
  return read?.kind === 'invitation' ? read.id : undefined;
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
