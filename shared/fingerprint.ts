/**
 * The hub's security code: the SHA-256 fingerprint of its certificate, as
 * people read it. One spelling for every screen (the desk's Devices view,
 * a device's pairing screen, `foyer hub`), so that what one shows is what
 * the other shows.
 *
 * - In full: 16 groups of 4 characters. Each group is kept on one line by
 *   the screens (wrapping only between groups), so nobody compares half a
 *   group with the other half on the next line.
 * - Short: the first 4 groups (16 characters, 64 bits). Its job is the one
 *   check that counts, the browser's padlock against the desk: browsers show
 *   the fingerprint only in hex ("3F A0 12 BC ..." or "3F:A0:12:BC:..."), so
 *   the short form is the start of that, in the same characters and order.
 *   Words or digits derived from the hash would read aloud more easily but
 *   could not be found in any browser's certificate view. 64 bits cannot be
 *   matched by a made-up certificate in any time a lobby cares about; the
 *   desktop app's pin (`hubFingerprint`) still takes only the whole code.
 */

export const GROUP_CHARS = 4;
export const SHORT_GROUPS = 4;

/** Said when a pin is not a whole fingerprint. */
export const FINGERPRINT_HINT =
  "the hub's whole security code (the SHA-256 fingerprint): 64 characters 0-9 and A-F, " +
  'as the desk shows it under Devices or "foyer hub" prints it (spaces and colons between them are fine)';

const hexOf = (fingerprint: string) => fingerprint.replace(/[\s:-]/g, '').toUpperCase();

/** The fingerprint as groups of 4 characters (16 for a whole SHA-256). */
export function fingerprintGroups(fingerprint: string): string[] {
  return hexOf(fingerprint).match(new RegExp(`.{1,${GROUP_CHARS}}`, 'g')) ?? [];
}

/** The first groups, spaced: what both screens show large, and what the padlock's fingerprint begins with. */
export function shortFingerprint(fingerprint: string): string {
  return fingerprintGroups(fingerprint).slice(0, SHORT_GROUPS).join(' ');
}

/**
 * Any spelling of a whole fingerprint (groups, pairs, colons, dashes, lower
 * case) as the hub prints it in its log: 32 upper-case pairs with colons.
 * Anything else comes back as it was, for the caller's check to refuse.
 */
export function normaliseFingerprint(text: string): string {
  const hex = hexOf(text);
  if (!/^[0-9A-F]{64}$/.test(hex)) return text;
  return hex.match(/../g)!.join(':');
}

/** The colon form `normaliseFingerprint` gives, and the pin keeps. */
export const FINGERPRINT_PATTERN = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/;
