/** The evacuation list cut into A4 pages. Pure: tested in Node. */

/** People per A4 page: one line each at 8.5 pt, with the page's own heading and footer. */
export const ROWS_PER_PAGE = 44;

interface Named {
  firstName: string | null;
  lastName: string | null;
  /** Set when the visit ended more than an hour before the list was made: such guests come last. */
  visitEndedAt?: string | null;
}

export interface EvacuationPage<T> {
  number: number;
  /** Positions of the page's first and last person in the whole list, from 1. */
  first: number;
  last: number;
  guests: T[];
}

const byName = (a: Named, b: Named) =>
  (a.lastName ?? '').localeCompare(b.lastName ?? '') || (a.firstName ?? '').localeCompare(b.firstName ?? '');

/** Whose visit ended more than an hour ago after the others, each part by last name. */
const endedLast = (a: Named, b: Named) => Number(Boolean(a.visitEndedAt)) - Number(Boolean(b.visitEndedAt));

/** Everyone by last name (whose visit ended long ago last, never dropped), in pages; an empty list is one page that says so. */
export function evacuationPages<T extends Named>(guests: readonly T[], perPage = ROWS_PER_PAGE): EvacuationPage<T>[] {
  const sorted = [...guests].sort((a, b) => endedLast(a, b) || byName(a, b));
  const pages: EvacuationPage<T>[] = [];
  for (let start = 0; start < sorted.length || pages.length === 0; start += perPage) {
    const slice = sorted.slice(start, start + perPage);
    pages.push({
      number: pages.length + 1,
      first: slice.length ? start + 1 : 0,
      last: start + slice.length,
      guests: slice,
    });
  }
  return pages;
}
