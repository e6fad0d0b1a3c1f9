/**
 * The watchlist's matching: is this person (a guest checking in, a walk-in
 * typed at the kiosk or the desk) someone on the list? The same folding,
 * scripts and typo tolerance as the kiosk's lookup (lookup/), but over whole
 * name parts, not prefixes: "Jo" is not "Johannes".
 *
 * Each name part of an entry is compared with each word of the person's
 * names (first and last together, so a swapped order still matches) and
 * scored by how it matched; an entry's score is the mean over its parts,
 * each person word used once. A different company lowers it; the same email
 * is a match whatever the names. An entry matches at or above the admin's
 * threshold.
 *
 * Why an index: a check-in must not read 10,000 entries. Every form of every
 * entry part (its folded spelling, its Latin spellings of Cyrillic, the
 * pinyin of each Chinese character) is a key, and so is each form with one
 * letter left out; a person's words look up their own forms and their
 * one-letter-shorter forms, so that a candidate within one edit is found in a
 * handful of map lookups, and only candidates found by enough of the
 * person's words to reach the threshold are scored. (So a name part with two
 * typos is found only where the threshold lets an entry match on its other
 * parts alone.)
 */
import { typosAllowed, within } from '../lookup/distance.ts';
import { baseFold, CYRILLIC, foldLatin, foldWord, HAN, HAN_CHARS } from '../lookup/fold.ts';
import { cyrillicToLatin, hanToPinyin } from '../lookup/transliterate.ts';

export const WATCHLIST_ACTIONS = ['alert', 'deny'] as const;
export type WatchlistAction = (typeof WATCHLIST_ACTIONS)[number];

export interface WatchlistEntry {
  id: number;
  firstName: string | null;
  lastName: string;
  companyName: string | null;
  email: string | null;
  note: string | null;
  action: WatchlistAction;
}

/** Someone let in, as the check knows them. */
export interface Person {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
}

/** How one part matched: the same, spelled otherwise (Müller, Mueller), in another script, with a typo. */
export const MATCH_HOW = ['exact', 'spelling', 'script', 'typo', 'email', 'company'] as const;
export type MatchHow = (typeof MATCH_HOW)[number];

export interface MatchedPart {
  /** As the entry writes it. */
  entry: string;
  /** As the person's name (or email, company) was given. */
  person: string;
  how: MatchHow;
}

export interface WatchlistMatch {
  entry: WatchlistEntry;
  /** 0 to 1. */
  score: number;
  parts: MatchedPart[];
}

/** What each way of matching a part is worth. */
const WORTH = { exact: 1, spelling: 0.97, script: 0.93, typo1: 0.85, typo2: 0.75 } as const;
/** A company given on both sides that differs: likely another person of the same name. */
const OTHER_COMPANY = 0.9;

/** One word of a name in every form it may be written in. */
interface Word {
  /** As written (for people to read). */
  text: string;
  /** Lower case, as written. */
  lower: string;
  /** Folded in its own script (lookup/fold.ts): Müller, Mueller, Muller → muller. */
  own: string;
  /** Other spellings: Latin ones of Cyrillic, the pinyin of a Chinese character. */
  other: string[];
  /** The Latin forms a typo is looked for in: its own when Latin, else its first Latin spelling. */
  latin: string | undefined;
}

const splitWords = (text: string | null) =>
  (text ?? '')
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

function wordsOf(name: string | null, familyName: boolean): Word[] {
  const words: Word[] = [];
  for (const word of splitWords(name)) {
    if (HAN.test(word)) {
      for (const [n, char] of (word.match(HAN_CHARS) ?? []).entries()) {
        const other = hanToPinyin(char, familyName && n === 0).flat();
        words.push({ text: char, lower: char, own: char, other, latin: other[0] });
      }
      const rest = word.replace(HAN_CHARS, ' ').trim();
      if (rest) words.push(...wordsOf(rest, familyName));
      continue;
    }
    const cyrillic = CYRILLIC.test(word);
    const own = foldWord(word);
    const other = cyrillic ? cyrillicToLatin(word) : [];
    words.push({ text: word, lower: word.toLowerCase(), own, other, latin: cyrillic ? other[0] : own });
  }
  return words;
}

const personWords = (p: Pick<Person, 'firstName' | 'lastName'>) => [
  ...wordsOf(p.firstName, false),
  ...wordsOf(p.lastName, true),
];

/** How well a word of the person's names matches a part of the entry's, and how. */
function comparePart(part: Word, word: Word): { worth: number; how: MatchHow } | undefined {
  if (part.lower === word.lower) return { worth: WORTH.exact, how: 'exact' };
  if (part.own === word.own) return { worth: WORTH.spelling, how: 'spelling' };
  if (
    part.other.includes(word.own) ||
    word.other.includes(part.own) ||
    part.other.some((form) => word.other.includes(form))
  )
    return { worth: WORTH.script, how: 'script' };
  if (part.latin === undefined || word.latin === undefined || HAN.test(part.own) || HAN.test(word.own))
    return undefined;
  const k = typosAllowed(Math.min(part.latin.length, word.latin.length));
  if (k >= 1 && within(part.latin, word.latin, 1)) return { worth: WORTH.typo1, how: 'typo' };
  if (k >= 2 && within(part.latin, word.latin, 2)) return { worth: WORTH.typo2, how: 'typo' };
  return undefined;
}

const sameCompany = (a: string, b: string) =>
  foldLatin(a).replace(/\s+/g, ' ').trim() === foldLatin(b).replace(/\s+/g, ' ').trim();

/** Scores one entry against a person's words; the parts each matched, best first for each entry part. */
function scoreEntry(entry: WatchlistEntry, parts: Word[], words: Word[], person: Person): WatchlistMatch | undefined {
  const email = person.email?.trim().toLowerCase();
  if (entry.email && email && entry.email.trim().toLowerCase() === email)
    return { entry, score: 1, parts: [{ entry: entry.email, person: person.email!, how: 'email' }] };
  if (parts.length === 0 || words.length === 0) return undefined;
  // Every pair, the best taken first, each part and each word once.
  const pairs: { p: number; w: number; worth: number; how: MatchHow }[] = [];
  parts.forEach((part, p) =>
    words.forEach((word, w) => {
      const found = comparePart(part, word);
      if (found) pairs.push({ p, w, ...found });
    }),
  );
  pairs.sort((a, b) => b.worth - a.worth || a.p - b.p);
  const partUsed = new Set<number>();
  const wordUsed = new Set<number>();
  const chosen: typeof pairs = [];
  for (const pair of pairs) {
    if (partUsed.has(pair.p) || wordUsed.has(pair.w)) continue;
    partUsed.add(pair.p);
    wordUsed.add(pair.w);
    chosen.push(pair);
  }
  if (chosen.length === 0) return undefined;
  let score = chosen.reduce((sum, pair) => sum + pair.worth, 0) / parts.length;
  chosen.sort((a, b) => a.p - b.p);
  const matched: MatchedPart[] = chosen.map((pair) => ({
    entry: parts[pair.p]!.text,
    person: words[pair.w]!.text,
    how: pair.how,
  }));
  if (entry.companyName && person.companyName) {
    if (sameCompany(entry.companyName, person.companyName))
      matched.push({ entry: entry.companyName, person: person.companyName, how: 'company' });
    else score *= OTHER_COMPANY;
  }
  return { entry, score: Math.round(score * 1000) / 1000, parts: matched };
}

/** A form and each of its one-letter-shorter forms (a short word has no typo to look for). */
function deletions(form: string): string[] {
  if (typosAllowed(form.length) === 0) return [];
  const out = new Set<string>();
  for (let i = 0; i < form.length; i++) out.add(form.slice(0, i) + form.slice(i + 1));
  return [...out];
}

export function createWatchlistIndex(entries: readonly WatchlistEntry[]) {
  const partsOf = entries.map((e) => [...wordsOf(e.firstName, false), ...wordsOf(e.lastName, true)]);
  /** Exact forms, and (prefixed "~") forms with one letter left out. */
  const keys = new Map<string, number[]>();
  const byEmail = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [index]);
    else if (list.at(-1) !== index) list.push(index);
  };
  partsOf.forEach((parts, index) => {
    for (const part of parts) {
      for (const form of new Set([part.own, ...part.other])) add(keys, form, index);
      if (part.latin) for (const form of deletions(part.latin)) add(keys, `~${form}`, index);
    }
    const email = entries[index]!.email?.trim().toLowerCase();
    if (email) add(byEmail, email, index);
  });

  /**
   * The entries that share a form with the person's words, or one within one edit, with how many of the words
   * found each: an entry of two parts that one word found cannot reach a threshold above one half.
   */
  function candidates(words: readonly Word[]): Map<number, number> {
    const found = new Map<number, number>();
    words.forEach((word) => {
      const hit = new Set<number>();
      const take = (key: string) => {
        for (const index of keys.get(key) ?? []) hit.add(index);
      };
      for (const form of [word.own, ...word.other]) take(form);
      if (word.latin && typosAllowed(word.latin.length) > 0) {
        take(`~${word.latin}`); // the entry's part has one letter more
        for (const shorter of deletions(word.latin)) {
          take(shorter); // the person's word has one letter more
          take(`~${shorter}`); // one letter differs, or two are swapped
        }
      }
      for (const index of hit) found.set(index, (found.get(index) ?? 0) + 1);
    });
    return found;
  }

  return {
    size: entries.length,
    /** The entries this person matches at or above the threshold, best first. */
    match(person: Person, threshold: number): WatchlistMatch[] {
      const words = personWords(person);
      const email = person.email?.trim().toLowerCase() || undefined;
      const out: WatchlistMatch[] = [];
      const scoreOf = (index: number) => {
        const scored = scoreEntry(entries[index]!, partsOf[index]!, words, person);
        if (scored && scored.score >= threshold) out.push(scored);
      };
      const byMail = new Set(email ? (byEmail.get(email) ?? []) : []);
      for (const index of byMail) scoreOf(index);
      for (const [index, hits] of candidates(words)) {
        // Each part is worth at most 1: fewer parts found than the threshold needs cannot match.
        if (
          !byMail.has(index) &&
          hits >= Math.min(partsOf[index]!.length, Math.ceil(threshold * partsOf[index]!.length - 1e-9))
        )
          scoreOf(index);
      }
      return out.sort((a, b) => b.score - a.score || a.entry.id - b.entry.id);
    },
  };
}
export type WatchlistIndex = ReturnType<typeof createWatchlistIndex>;

/**
 * Who a person is for "Not this person" and "Let in": their email when they have one, else their names and
 * company folded (the same person tomorrow, typed again, has the same key).
 */
export function visitorKey(person: Person): string {
  const email = person.email?.trim().toLowerCase();
  if (email) return `email:${email}`;
  const name = [person.firstName, person.lastName, person.companyName].map((t) => baseFold(t ?? '').trim());
  return `name:${name.join('|')}`;
}

/** One entry, whichever push it came in: its names and email folded ("Not this person" outlives a new list). */
export function entryKey(entry: Pick<WatchlistEntry, 'firstName' | 'lastName' | 'email'>): string {
  return [entry.firstName, entry.lastName, entry.email].map((t) => baseFold(t ?? '').trim()).join('|');
}
