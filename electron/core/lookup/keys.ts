/**
 * The lookup key of a name: every form a guest may type it in, as tokens
 * for the index. Each name part gives its own folded form, its Latin
 * spellings when it is Cyrillic, and, when it is Chinese, one token per
 * character and its pinyin (per syllable and joined). Typed text is turned
 * into words with the same functions, so that both meet.
 */
import { CYRILLIC, foldLatin, foldWord, HAN, HAN_CHARS } from './fold.ts';
import { cyrillicToLatin, hanToPinyin } from './transliterate.ts';

/** Splits on everything but letters, marks and digits ("O'Connor" → O, Connor). */
const parts = (text: string) =>
  text
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

/**
 * Tokens of one name (first or last), in the own script first. Without
 * `withOther`, only the own ones (folding only: no transliteration, no
 * pinyin, which cost far more).
 */
export function nameTokens(
  name: string | null,
  familyName = false,
  withOther = true,
): { own: string[]; other: string[] } {
  const own: string[] = [];
  const other: string[] = [];
  if (!name) return { own, other };
  const words = parts(name);
  for (const word of words) {
    if (HAN.test(word)) {
      own.push(...(word.match(HAN_CHARS) ?? []));
      if (withOther) {
        const syllables = hanToPinyin(word, familyName);
        for (const readings of syllables) other.push(...readings);
        // The joined pinyin, as a Chinese guest writes a given name in Latin letters ("Zixuan").
        if (syllables.length > 1) other.push(syllables.map((r) => r[0]!).join(''));
      }
      const rest = word.replace(HAN_CHARS, ' ').trim();
      if (rest) own.push(...parts(rest).map(foldWord));
    } else {
      own.push(foldWord(word));
      if (withOther && CYRILLIC.test(word)) other.push(...cyrillicToLatin(word));
    }
  }
  // "O'Connor" typed as oconnor, "Miller-Smith" as millersmith.
  if (withOther && words.length > 1 && !HAN.test(name)) other.push(foldLatin(words.join('')));
  return { own, other };
}

/** The index tokens of a guest's names, space-separated, each once. */
export function nameKey(
  firstName: string | null,
  lastName: string | null,
  tokensOf: typeof nameTokens = nameTokens,
): string {
  const first = tokensOf(firstName);
  const last = tokensOf(lastName, true);
  const tokens = [...first.own, ...last.own, ...first.other, ...last.other];
  // A Chinese name typed in pinyin as one word: family name first ("wangchao") and the other way round.
  if (HAN.test(firstName ?? '') && HAN.test(lastName ?? '')) {
    const joined = (name: string, family: boolean) =>
      hanToPinyin(name, family)
        .map((r) => r[0])
        .join('');
    const given = joined(firstName!, false);
    const family = joined(lastName!, true);
    tokens.push(family + given, given + family);
  }
  return [...new Set(tokens.filter(Boolean))].join(' ');
}

/**
 * nameKey for a stream of guests, remembering keys of whole names and the
 * tokens of name parts: a listing brings the same names, and the same first
 * and last names far more often, again and again; pinyin and the Cyrillic
 * spellings are worth computing once. Each memory starts afresh when it
 * holds `size` entries.
 */
export function createNameKeys(size = 20_000) {
  const memo = <V>() => {
    let known = new Map<string, V>();
    return (key: string, compute: () => V): V => {
      let value = known.get(key);
      if (value === undefined) {
        if (known.size >= size) known = new Map();
        value = compute();
        known.set(key, value);
      }
      return value;
    };
  };
  const partTokens = memo<ReturnType<typeof nameTokens>>();
  const keys = memo<string>();
  const tokensOf = (name: string | null, familyName = false) =>
    name ? partTokens(`${familyName ? 'l' : 'f'}${name}`, () => nameTokens(name, familyName)) : nameTokens(name);
  return {
    of: (firstName: string | null, lastName: string | null): string =>
      keys(`${firstName ?? ''}\u0000${lastName ?? ''}`, () => nameKey(firstName, lastName, tokensOf)),
  };
}

/** One typed word: its own folded form and the other spellings it stands for. */
export interface TypedWord {
  /** As typed, folded in its own script. */
  own: string;
  /** Other spellings: the Latin of Cyrillic, the pinyin of a Chinese character. */
  other: string[];
  /** A Chinese character: matches whole tokens only, and never fuzzily. */
  han: boolean;
}

/** Typed text as words: separators split, a run of Chinese characters is one word per character. */
export function typedWords(text: string): TypedWord[] {
  const words: TypedWord[] = [];
  for (const word of parts(text)) {
    if (HAN.test(word)) {
      for (const char of word.match(HAN_CHARS) ?? [])
        words.push({ own: char, other: hanToPinyin(char).flat(), han: true });
      const rest = word.replace(HAN_CHARS, ' ').trim();
      if (rest) words.push(...typedWords(rest));
    } else {
      words.push({ own: foldWord(word), other: CYRILLIC.test(word) ? cyrillicToLatin(word) : [], han: false });
    }
  }
  return words;
}
