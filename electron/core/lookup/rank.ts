/**
 * Ranking: the guest whose name is what was typed comes first. Per typed
 * word, a match in the name's own script counts most when it is the whole
 * name part, then as its start; then through another spelling
 * (transliterated, pinyin); then with typos. A match only in email or
 * company counts nothing here (the desk still lists it, after names).
 */
import { prefixWithin, typosAllowed } from './distance.ts';
import { baseFold } from './fold.ts';
import { nameKey, nameTokens, type TypedWord } from './keys.ts';

export const MATCH = {
  exact: 8,
  prefix: 6,
  transliterated: 4,
  transliteratedPrefix: 3,
  fuzzy: 1,
  none: 0,
} as const;

export interface NameScore {
  /** Sum over the typed words of their best MATCH. */
  score: number;
  /** Every part of the name typed whole: "Ada Lovelace" for Ada Lovelace. */
  fullName: boolean;
}

interface NameForms {
  own: string[];
  other: string[];
  all: string[];
}

/** A guest's names as ranking reads them: with the lookup key the mirror stores, when it was read along. */
export interface RankedName {
  firstName: string | null;
  lastName: string | null;
  /** The contact's lookup key (keys.ts); computed here when not given. */
  nameKey?: string | null | undefined;
}

/**
 * The forms of names ranked lately: the same names come back keystroke after
 * keystroke. The other spellings are the stored key's tokens that are not the
 * name's own: computing them again (transliteration, pinyin) for every guest
 * a short prefix finds is what made ranking slow, not the index.
 */
let forms = new Map<string, NameForms>();
function formsOf(name: RankedName): NameForms {
  const { firstName, lastName } = name;
  const key = `${firstName ?? ''}\u0000${lastName ?? ''}`;
  let found = forms.get(key);
  if (!found) {
    const own = [...nameTokens(firstName, false, false).own, ...nameTokens(lastName, true, false).own];
    const owned = new Set(own);
    const other = (name.nameKey ?? nameKey(firstName, lastName)).split(' ').filter((t) => t && !owned.has(t));
    found = { own, other, all: [...own, ...other] };
    if (forms.size >= 5_000) forms = new Map();
    forms.set(key, found);
  }
  return found;
}

export function scoreName(words: readonly TypedWord[], name: RankedName): NameScore {
  const { own, other, all } = formsOf(name);
  const exactlyTyped = new Set<string>();
  let score = 0;
  for (const word of words) {
    const raw = baseFold(word.own);
    let best: number = MATCH.none;
    if (own.includes(word.own) || own.includes(raw)) {
      best = MATCH.exact;
      exactlyTyped.add(own.includes(word.own) ? word.own : raw);
    } else if (own.some((t) => t.startsWith(word.own))) best = MATCH.prefix;
    else if (word.other.some((form) => all.includes(form)) || (!word.han && other.includes(word.own)))
      best = MATCH.transliterated;
    else if (
      word.other.some((form) => all.some((t) => t.startsWith(form))) ||
      (!word.han && other.some((t) => t.startsWith(word.own)))
    )
      best = MATCH.transliteratedPrefix;
    else if (!word.han)
      for (const form of [word.own, ...word.other].slice(0, 2)) {
        const k = typosAllowed(form.length);
        if (k > 0 && all.some((t) => prefixWithin(form, t, k))) {
          best = MATCH.fuzzy;
          break;
        }
      }
    score += best;
  }
  return { score, fullName: own.length > 0 && own.every((t) => exactlyTyped.has(t)) };
}
