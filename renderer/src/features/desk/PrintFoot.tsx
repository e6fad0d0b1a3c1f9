/**
 * The foot of a printed page (the evacuation list, a roll call's report):
 * what the sheet is, which rows this page holds, and its number, so that a
 * page separated from the others still says what it is.
 */
export function PrintFoot({
  what,
  page,
  pages,
  total,
}: {
  what: string;
  page: { number: number; first: number; last: number; rows: number };
  pages: number;
  total: number;
}) {
  return (
    <footer className="print-foot">
      <span>{what}</span>
      <span data-testid="page-count">
        {page.rows} on this page ({page.first}–{page.last} of {total})
      </span>
      <strong>
        Page {page.number} of {pages}
      </strong>
    </footer>
  );
}
