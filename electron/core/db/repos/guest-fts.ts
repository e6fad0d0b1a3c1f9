/**
 * Typed text as full-text queries of the lookup index (FTS5): kept apart from
 * the guests' repository, which runs them.
 */
import { baseFold } from '../../lookup/fold.ts';
import { type TypedWord, typedWords } from '../../lookup/keys.ts';

/** The columns a lookup can look in: the names (every spelling, see lookup/keys.ts), the email, the company. */
export type LookupColumn = 'names' | 'email' | 'company_name';
const FTS_COLUMN: Record<LookupColumn, string> = { names: 'name_key', email: 'email', company_name: 'company_name' };

const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * Typed words as an FTS5 query: every word required, each in any of its
 * spellings; `prefix` lets each spelling be the start of a token (the pinyin
 * of a typed Chinese character stays whole: 王 is wang, not Wangari).
 */
export function ftsQueryOf(
  words: readonly TypedWord[],
  options: { prefix: boolean; columns?: readonly LookupColumn[] | undefined },
): string | null {
  if (words.length === 0) return null;
  const filter = options.columns ? `{${options.columns.map((c) => FTS_COLUMN[c]).join(' ')}} : ` : '';
  const star = options.prefix ? '*' : '';
  return words
    .map((word) => {
      const own = [...new Set([word.own, baseFold(word.own)])].map((form) => quote(form) + star);
      const other = word.other.map((form) => quote(form) + (word.han ? '' : star));
      return `${filter}(${[...own, ...other].join(' OR ')})`;
    })
    .join(' AND ');
}

/** Typed text as an FTS5 query of prefixes (for tests and tools). */
export const toFtsQuery = (text: string, columns?: readonly LookupColumn[]) =>
  ftsQueryOf(typedWords(text), { prefix: true, columns });

/** An email as typed in full: something@domain.tld. */
export const COMPLETE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
