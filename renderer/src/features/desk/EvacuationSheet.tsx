import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../../components/Icon.tsx';
import { formatAgo, formatClock, formatTimeRange, fullName } from '../../lib/format.ts';
import type { EvacuationList } from './desk-store.ts';

const STALE_AFTER_MS = 5 * 60_000;

const byName = (a: EvacuationList['guests'][number], b: EvacuationList['guests'][number]) =>
  (a.lastName ?? '').localeCompare(b.lastName ?? '') || (a.firstName ?? '').localeCompare(b.firstName ?? '');

/** Everyone on site, on paper: a page of its own in print, a sheet over the desk on screen. */
export function EvacuationSheet({ list, onClose }: { list: EvacuationList; onClose: () => void }) {
  useEffect(() => {
    // Let the sheet paint first, so the print dialog shows it.
    const frame = requestAnimationFrame(() => window.print());
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const generated = new Date(list.generatedAt);
  const stale = !list.lastSyncAt || generated.getTime() - Date.parse(list.lastSyncAt) > STALE_AFTER_MS;
  const guests = [...list.guests].sort(byName);
  return createPortal(
    <div className="print-sheet" role="dialog" aria-modal="true" aria-label="Evacuation list" data-testid="evacuation">
      <div className="print-toolbar">
        <span>Evacuation list</span>
        <button type="button" className="button-primary" onClick={() => window.print()}>
          <Icon name="printer" size={18} />
          Print
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <article className="print-page">
        <header className="print-head">
          <div>
            <h1>Evacuation list</h1>
            <p>Everyone checked in on site</p>
          </div>
          <div className="print-count" data-testid="evacuation-count">
            <strong>{guests.length}</strong>
            <span>{guests.length === 1 ? 'person' : 'people'} on site</span>
          </div>
        </header>
        <dl className="print-meta">
          <div>
            <dt>Location</dt>
            <dd data-testid="evacuation-location">{list.location.name ?? `Location ${list.location.id}`}</dd>
          </div>
          <div>
            <dt>Generated</dt>
            <dd>{generated.toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short' })}</dd>
          </div>
          <div>
            <dt>Last sync with the service</dt>
            <dd>
              {list.lastSyncAt
                ? `${new Date(list.lastSyncAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} (${formatAgo(list.lastSyncAt, generated.getTime())})`
                : 'never'}
            </dd>
          </div>
        </dl>
        {stale && (
          <p className="print-warning">
            This list may be incomplete: the last sync with the service was not recent. Check-ins made at other desks
            since then are missing.
          </p>
        )}
        <table className="print-table">
          <thead>
            <tr>
              <th className="print-check" aria-label="Accounted for" />
              <th>Name</th>
              <th>Company</th>
              <th>Arrived</th>
              <th>Event</th>
            </tr>
          </thead>
          <tbody>
            {guests.map((g) => (
              <tr key={g.invitationId}>
                <td className="print-check">
                  <span className="print-box" />
                </td>
                <td>
                  <strong>{fullName(g)}</strong>
                </td>
                <td>{g.companyName ?? ''}</td>
                <td>{formatClock(g.arrivedAt)}</td>
                <td>
                  {g.eventName ?? ''}
                  {g.startsAt && <span className="print-sub"> · {formatTimeRange(g.startsAt, g.endsAt)}</span>}
                </td>
              </tr>
            ))}
            {guests.length === 0 && (
              <tr>
                <td colSpan={5} className="print-empty">
                  Nobody is checked in on site.
                </td>
              </tr>
            )}
          </tbody>
        </table>
        <footer className="print-foot">
          Foyer · {guests.length} {guests.length === 1 ? 'person' : 'people'} · generated{' '}
          {generated.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })}
        </footer>
      </article>
    </div>,
    document.body,
  );
}
