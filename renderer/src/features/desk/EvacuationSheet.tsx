import { createPortal } from 'react-dom';
import { Icon } from '../../components/Icon.tsx';
import { formatAgo, formatClock, formatStamp, fullName } from '../../lib/format.ts';
import type { EvacuationList } from './desk-store.ts';
import { endedText } from './ended-visits.ts';
import './ended-visits.css';
import { evacuationPages, ROWS_PER_PAGE } from './evacuation.ts';
import { asOf } from './kept.ts';
import { usePrintSheet } from '../../lib/use-print-sheet.ts';
import { PrintFoot } from './PrintFoot.tsx';

const STALE_AFTER_MS = 5 * 60_000;

/**
 * Everyone on site, on paper: compact A4 pages of at most ROWS_PER_PAGE
 * people, each page headed with the location, the time and how fresh the
 * data is, and footed with its number and its count, so that a page that
 * gets separated from the others still says what it is. Built from the
 * mirror alone: it prints offline.
 */
export function EvacuationSheet({
  list,
  keptAt = null,
  onClose,
}: {
  list: EvacuationList;
  /** The list is the one this device kept (the hub cannot be reached): when it was true. */
  keptAt?: string | null;
  onClose: () => void;
}) {
  usePrintSheet(onClose);

  const generated = new Date(list.generatedAt);
  const stale = !list.lastSyncAt || generated.getTime() - Date.parse(list.lastSyncAt) > STALE_AFTER_MS;
  const pages = evacuationPages(list.guests, ROWS_PER_PAGE);
  const location = list.location.name ?? `Location ${list.location.id}`;
  const when = formatStamp(list.generatedAt);
  const freshness = list.lastSyncAt
    ? `data from ${formatClock(list.lastSyncAt)} (${formatAgo(list.lastSyncAt, generated.getTime())})`
    : 'never synced with the service';
  const total = list.guests.length;
  const ended = list.guests.filter((g) => g.visitEndedAt).length;
  const firstEnded = list.guests.find((g) => g.visitEndedAt) && total - ended;

  return createPortal(
    <div
      className="print-sheet"
      role="dialog"
      aria-modal="true"
      aria-labelledby="evacuation-title"
      data-testid="evacuation"
    >
      <div className="print-toolbar">
        <span id="evacuation-title">
          Evacuation list · {total} {total === 1 ? 'person' : 'people'} · {pages.length}{' '}
          {pages.length === 1 ? 'page' : 'pages'}
        </span>
        <button type="button" className="button-primary" onClick={() => window.print()}>
          <Icon name="printer" size={18} />
          Print
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <span className="sr-only" data-testid="evacuation-count">
        <strong>{total}</strong>
      </span>
      {pages.map((page) => (
        <article
          className="print-page"
          key={page.number}
          data-testid="evacuation-page"
          aria-label={`Page ${page.number} of ${pages.length}`}
        >
          <header className="print-head">
            <div>
              <h1>Evacuation list</h1>
              <p className="print-where" data-testid="evacuation-location">
                {location}
              </p>
            </div>
            <div className="print-meta">
              <span>{when}</span>
              <span className={stale ? 'print-stale' : undefined}>{freshness}</span>
              {keptAt && (
                <span className="print-stale" data-testid="evacuation-kept">
                  Kept on this device, {asOf(keptAt)}: the hub could not be reached
                </span>
              )}
              <strong>
                {total} on site
                {ended > 0 && (
                  // One line in the header, so that every page still holds ROWS_PER_PAGE people.
                  <span data-testid="evacuation-ended-note"> · {ended} listed last: visit ended over an hour ago</span>
                )}
              </strong>
            </div>
          </header>
          {stale && page.number === 1 && (
            <p className="print-warning">
              This list may be incomplete: the last sync with the service was not recent. Check-ins made at other desks
              since then are missing.
            </p>
          )}
          <table className="print-table">
            <thead>
              <tr>
                <th className="print-check">
                  <span className="sr-only">Accounted for</span>
                </th>
                <th>Name</th>
                <th>Company</th>
                <th>Host</th>
                <th>Arrived</th>
                <th>Event</th>
              </tr>
            </thead>
            <tbody>
              {page.guests.map((g, i) => (
                <tr
                  key={g.invitationId}
                  className={page.first + i - 1 === firstEnded ? 'print-first-ended' : undefined}
                  data-testid="evacuation-row"
                >
                  <td className="print-check">
                    <span className="print-box" />
                  </td>
                  <td className="print-name">{fullName(g)}</td>
                  <td>{g.companyName ?? ''}</td>
                  <td>{g.hostName ?? ''}</td>
                  <td>{formatClock(g.arrivedAt)}</td>
                  <td>
                    {/* First in its cell: a long event name is what gets cut, never the mark. */}
                    {g.visitEndedAt && (
                      <strong className="print-ended" data-testid="evacuation-ended">
                        {endedText(g.visitEndedAt, generated.getTime())}
                        {g.eventName ? ' · ' : ''}
                      </strong>
                    )}
                    {g.eventName ?? ''}
                  </td>
                </tr>
              ))}
              {total === 0 && (
                <tr>
                  <td colSpan={6} className="print-empty">
                    Nobody is checked in on site.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <PrintFoot
            what={`${location} · ${when}`}
            page={{ number: page.number, first: page.first, last: page.last, rows: page.guests.length }}
            pages={pages.length}
            total={total}
          />
        </article>
      ))}
    </div>,
    document.body,
  );
}
