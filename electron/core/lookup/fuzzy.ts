/**
 * The typo-tolerant stage of the lookup, over the guests of a window held in
 * memory (a day at a kiosk: few). Used only when the index's exact and
 * prefix stages found too little. Each distinct token is compared once,
 * banded and stopping early, however many guests share it.
 */
import { prefixWithin, typosAllowed, within } from './distance.ts';
import type { TypedWord } from './keys.ts';

/**
 * Whether the word's nth form (0: as typed, then its other spellings) may
 * carry typos: as typed, and the first Latin spelling of Cyrillic. The
 * other spellings are many, and typos on each would find nearly anyone.
 */
export const fuzzyForm = (word: TypedWord, n: number) => !word.han && n <= 1;

/** Letter masks are kept for the first this many characters of a token. */
const MASKED = 16;

/** A 32-bit set of the letters of text's first `length` characters (letters folded onto 32 bits). */
function letterMask(text: string, length: number): number {
  let mask = 0;
  for (let i = 0; i < Math.min(length, text.length); i++) mask |= 1 << (text.charCodeAt(i) & 31);
  return mask;
}

/** The letter masks of each start of a token: [0] the first letter, [1] the first two, ... */
function prefixMasks(token: string): Int32Array {
  const masks = new Int32Array(Math.max(1, Math.min(token.length, MASKED)));
  let mask = 0;
  for (let i = 0; i < masks.length; i++) masks[i] = mask |= 1 << (token.charCodeAt(i) & 31);
  return masks;
}

function bitCount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface Candidate {
  invitationId: number;
  startsAt: string;
  endsAt: string;
  /** The contact's lookup key (space-separated tokens). */
  nameKey: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface FuzzyWindow {
  from: string;
  to: string;
}

export function createFuzzyIndex(candidates: readonly Candidate[]) {
  const byToken = new Map<string, number[]>();
  const byEmail = new Map<string, number[]>();
  candidates.forEach((candidate, index) => {
    for (const token of new Set(candidate.nameKey?.split(' ') ?? [])) {
      if (!token) continue;
      const list = byToken.get(token);
      if (list) list.push(index);
      else byToken.set(token, [index]);
    }
    const email = candidate.email?.trim().toLowerCase();
    if (email) {
      const list = byEmail.get(email);
      if (list) list.push(index);
      else byEmail.set(email, [index]);
    }
  });
  const tokens = [...byToken.keys()];
  const masks = tokens.map(prefixMasks);
  const emails = [...byEmail.keys()];

  const inWindow = (candidate: Candidate, window: FuzzyWindow) =>
    candidate.endsAt > window.from && candidate.startsAt < window.to;

  /** Guests of whom every word matches a token: by its start, or (Latin words of 4 letters or more) with typos. */
  function matchWords(words: readonly TypedWord[], window: FuzzyWindow): Candidate[] {
    let found: Set<number> | undefined;
    for (const word of words) {
      const hits = new Set<number>();
      const forms = word.han ? [word.own] : [word.own, ...word.other];
      for (const [n, form] of forms.entries()) {
        const k = fuzzyForm(word, n) ? typosAllowed(form.length) : 0;
        if (k === 0) {
          for (const token of tokens)
            if (word.han ? token === form : token.startsWith(form)) for (const i of byToken.get(token)!) hits.add(i);
        } else {
          const mask = letterMask(form, form.length);
          const upTo = form.length + k - 1;
          const filtered = upTo < MASKED;
          tokens.forEach((token, t) => {
            // Each letter of the word missing from the token's start costs an edit: most tokens end here.
            if (filtered && bitCount(mask & ~masks[t]![Math.min(upTo, token.length - 1)]!) > k) return;
            if (prefixWithin(form, token, k)) for (const i of byToken.get(token)!) hits.add(i);
          });
        }
      }
      found = found ? new Set([...found].filter((i) => hits.has(i))) : hits;
      if (found.size === 0) return [];
    }
    return [...(found ?? [])].map((i) => candidates[i]!).filter((candidate) => inWindow(candidate, window));
  }

  /** Guests whose email is the typed one, or one typo away from it. */
  function matchEmail(email: string, window: FuzzyWindow): number[] {
    const typed = email.trim().toLowerCase();
    const k = typed.length >= 8 ? 1 : 0;
    const ids: number[] = [];
    for (const candidateEmail of emails)
      if (within(typed, candidateEmail, k))
        for (const i of byEmail.get(candidateEmail)!)
          if (inWindow(candidates[i]!, window)) ids.push(candidates[i]!.invitationId);
    return ids;
  }

  return { matchWords, matchEmail, size: candidates.length };
}
export type FuzzyIndex = ReturnType<typeof createFuzzyIndex>;
