/**
 * Cyrillic and Chinese names in Latin letters, the ways people write them:
 * a Russian guest's passport says SOLOVEV, an English email Solovyov, a
 * German one Solowjow; a Chinese guest types the pinyin of their name.
 */
import { pinyinPro } from '../lazy-libraries.ts';
import { foldLatin } from './fold.ts';

const COMMON: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', з: 'z', и: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', ы: 'y', э: 'e', ь: '', ъ: '',
  // Ukrainian and Belarusian letters
  і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u',
}; // prettier-ignore

/** The romanisations a name is likely to be written in. */
const SCHEMES: readonly Record<string, string>[] = [
  // English (BGN/PCGN without diacritics): Solovyov, Fyodorov, Alexey
  { ...COMMON, ё: 'yo', ж: 'zh', й: 'y', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ю: 'yu', я: 'ya' },
  // Passports (ICAO 9303): SOLOVEV, FEDOROV, ALEKSEI
  { ...COMMON, ё: 'e', ж: 'zh', й: 'i', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: 'ie', ю: 'iu', я: 'ia' },
  // German: Solowjow, Fjodorow, Alexej
  { ...COMMON, в: 'w', ё: 'jo', ж: 'sch', з: 's', й: 'j', х: 'ch', ц: 'z', ч: 'tsch', ш: 'sch', щ: 'schtsch', ю: 'ju', я: 'ja' },
  // French and others: Soloviev, Fedorov
  { ...COMMON, ё: 'e', ж: 'j', й: 'i', х: 'kh', ц: 'ts', ч: 'tch', ш: 'ch', щ: 'chtch', ь: 'i', ю: 'iou', я: 'ia' },
]; // prettier-ignore

/** The Latin spellings of a Cyrillic word, folded; empty for a word without Cyrillic letters. */
export function cyrillicToLatin(word: string): string[] {
  const lower = word.normalize('NFC').toLowerCase();
  const spellings = SCHEMES.map((scheme) =>
    foldLatin(Array.from(lower, (c) => scheme[c] ?? (c === '\u0306' ? '' : c)).join('')),
  );
  return [...new Set(spellings)];
}

/**
 * The pinyin of Chinese characters, one syllable each, without tones (ü as
 * u, and as v the way keyboards type it). A family name is read as one.
 */
export function hanToPinyin(text: string, familyName = false): string[][] {
  const syllables = pinyinPro().pinyin(text, {
    toneType: 'none',
    type: 'array',
    ...(familyName ? { surname: 'head' } : {}),
  });
  return syllables.map((s) => {
    const plain = s.trim().toLowerCase();
    return plain.includes('ü') ? [...new Set([foldLatin(plain), plain.replace(/ü/g, 'v')])] : [plain];
  });
}
