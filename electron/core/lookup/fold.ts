/**
 * Folding: one form for every way a name is typed. Case, diacritics, the
 * letters a keyboard lacks (ß, ı, ø, æ, ł ...), and the German way of
 * typing umlauts (ue, oe, ae) all fold to the same Latin letters; Cyrillic
 * folds ё to е and й to и, as most people type them.
 */

/** Letters without a decomposition into base letter and mark. */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  ı: 'i',
  ø: 'o',
  Ø: 'o',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  ł: 'l',
  Ł: 'l',
  þ: 'th',
  Þ: 'th',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
};
const ASCII = /^[ -~]*$/;
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'gu');

/** Lower case, marks removed, special letters spelled out. Any script. */
export function baseFold(text: string): string {
  // Printable ASCII has no marks and no special letters: only case to fold (most names, and far cheaper).
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .replace(SPECIAL_RE, (c) => SPECIAL[c]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/**
 * The canonical Latin form: base-folded, and the German umlaut spellings
 * collapsed (Müller → muller, Mueller → muller; Jörg, Joerg → jorg). Applied
 * to both what is indexed and what is typed, so both meet.
 */
export function foldLatin(text: string): string {
  return baseFold(text).replace(/([aou])e/g, '$1');
}

export const CYRILLIC = /\p{Script=Cyrillic}/u;
export const HAN = /\p{Script=Han}/u;
export const HAN_CHARS = /\p{Script=Han}/gu;

/** A word in its own script: Latin folded canonically, Cyrillic and others base-folded (ё → е, й → и). */
export function foldWord(word: string): string {
  return CYRILLIC.test(word) ? baseFold(word) : foldLatin(word);
}
