/**
 * Images a kiosk sends (a drawn signature, a photo): decoded from base64,
 * held to their size, and taken only when their first bytes say PNG or
 * JPEG. Whatever the caller claims, the bytes decide; anything else is
 * refused with a sentence a person can act on.
 */
import { AppError } from '../errors.ts';

export type ImageType = 'image/png' | 'image/jpeg';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the bytes start with, or undefined. */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  const head = Buffer.from(bytes.subarray(0, 8));
  if (head.length >= PNG.length && head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.length >= JPEG.length && head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return undefined;
}

/** A data URL's payload or plain base64, as bytes: refused when it is not base64. */
function base64Bytes(text: string, what: string): Buffer {
  const payload = text.replace(/^data:image\/(png|jpeg);base64,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1)
    throw new AppError('INVALID_INPUT', `the ${what} is not an image (PNG or JPEG as base64)`);
  return Buffer.from(payload, 'base64');
}

/** The image's bytes and type; refused when too large, or not PNG or JPEG (of `allowed`). */
export function readImage(
  text: string,
  what: string,
  limits: { maxBytes: number; allowed: readonly ImageType[] },
): { bytes: Buffer; type: ImageType } {
  const bytes = base64Bytes(text, what);
  if (bytes.length > limits.maxBytes)
    throw new AppError('INVALID_INPUT', `the ${what} is too large (at most ${Math.floor(limits.maxBytes / 1024)} KB)`);
  const type = imageTypeOf(bytes);
  if (!type || !limits.allowed.includes(type))
    throw new AppError(
      'INVALID_INPUT',
      `the ${what} is not an image Foyer takes (${limits.allowed.map((t) => t.slice(6).toUpperCase()).join(' or ')})`,
    );
  return { bytes, type };
}
