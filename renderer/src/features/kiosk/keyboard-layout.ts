/**
 * The on-screen keyboard's layouts: the letter rows a guest of each language
 * knows (QWERTZ, AZERTY, ЙЦУКЕН...) and a row of the letters with
 * diacritics their names need. Chinese guests type their name in pinyin
 * (Latin letters): the lookup transliterates. Pure data and functions, so
 * the rules are tested without a browser.
 */
import type { KioskLanguage } from '../../lib/languages.ts';

export type KeyboardScript = 'latin' | 'cyrillic';

const QWERTY = ['q w e r t y u i o p', 'a s d f g h j k l', 'z x c v b n m'];
const QWERTZ = ['q w e r t z u i o p', 'a s d f g h j k l', 'y x c v b n m'];
const AZERTY = ['a z e r t y u i o p', 'q s d f g h j k l m', 'w x c v b n'];
const JCUKEN = ['й ц у к е н г ш щ з х ъ', 'ф ы в а п р о л д ж э', 'я ч с м и т ь б ю ё'];

const LATIN: Record<KioskLanguage, { rows: string[]; extra: string }> = {
  CS: { rows: QWERTZ, extra: 'á č ď é ě í ň ó ř š ť ú ů ý ž' },
  DE: { rows: QWERTZ, extra: 'ä ö ü ß' },
  EN: { rows: QWERTY, extra: '' },
  ES: { rows: QWERTY, extra: 'á é í ñ ó ú ü' },
  FR: { rows: AZERTY, extra: 'à â ç é è ê ë î ï ô ù û ü ÿ œ' },
  HR: { rows: QWERTZ, extra: 'č ć đ š ž' },
  HU: { rows: QWERTZ, extra: 'á é í ó ö ő ú ü ű' },
  IT: { rows: QWERTY, extra: 'à è é ì ò ù' },
  NL: { rows: QWERTY, extra: 'á é è ë ï ó ö ü' },
  PL: { rows: QWERTY, extra: 'ą ć ę ł ń ó ś ź ż' },
  PT: { rows: QWERTY, extra: 'á à â ã ç é ê í ó ô õ ú' },
  RO: { rows: QWERTY, extra: 'ă â î ș ț' },
  // Russian guests get Cyrillic first; this is their switch to Latin.
  RU: { rows: QWERTY, extra: '' },
  TR: { rows: QWERTY, extra: 'ç ğ ı ö ş ü' },
  // Pinyin: Latin letters, and ü for names such as Lü.
  ZH_CN: { rows: QWERTY, extra: 'ü' },
};

/** The scripts a language's keyboard offers, the first one shown first. */
export function keyboardScripts(language: KioskLanguage): KeyboardScript[] {
  return language === 'RU' ? ['cyrillic', 'latin'] : ['latin'];
}

export const DIGITS = '1 2 3 4 5 6 7 8 9 0';

/**
 * The rows for simple-keyboard: letters, the language's extra letters above
 * them, Backspace at the end of the last letter row, and a bottom row with
 * the script switch (when there is one), name punctuation, space and clear.
 * `digits` adds a digit row, for typing an invitation code.
 */
export function keyboardRows(language: KioskLanguage, script: KeyboardScript, digits = false): string[] {
  const letters = script === 'cyrillic' ? JCUKEN : LATIN[language].rows;
  const extra = script === 'cyrillic' ? '' : LATIN[language].extra;
  const scripts = keyboardScripts(language);
  const other = scripts.find((s) => s !== script);
  const bottom = [other ? `{${other}}` : '', "- '", '{space}', digits ? '' : '. @', '{clear}']
    .filter(Boolean)
    .join(' ');
  return [
    ...(digits ? [DIGITS] : []),
    ...(extra ? [extra] : []),
    ...letters.slice(0, -1),
    `${letters.at(-1)!} {bksp}`,
    bottom,
  ];
}

/** What a key shows: letters as capitals in the language's own way (Turkish i → İ), except ß. */
export function keyLabel(key: string, locale: string): string {
  if (key === 'ß' || key.length !== 1) return key;
  return key.toLocaleUpperCase(locale);
}

export type KeyAction = '{bksp}' | '{clear}' | '{space}' | (string & {});

/**
 * The text after a key: names start each word with a capital (after a
 * space, a hyphen or an apostrophe: "Anna-Lena", "O'Brien"), the rest in
 * small letters, so the field reads as the name is written. A code is typed
 * as the keys show it, in capitals.
 */
export function typeKey(value: string, key: KeyAction, locale: string, kind: 'name' | 'code' = 'name'): string {
  if (key === '{bksp}') return Array.from(value).slice(0, -1).join('');
  if (key === '{clear}') return '';
  if (key === '{space}') return value === '' || value.endsWith(' ') ? value : `${value} `;
  if (Array.from(key).length !== 1) return value;
  if (kind === 'code') return value + keyLabel(key, locale);
  const startOfWord = value === '' || /[\s'-]$/u.test(value);
  return value + (startOfWord && key !== 'ß' ? key.toLocaleUpperCase(locale) : key);
}
