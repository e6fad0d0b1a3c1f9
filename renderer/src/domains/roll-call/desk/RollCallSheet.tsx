import { createPortal } from 'react-dom';
import type { RollCall } from '../../../../../shared/contract/evacuation.ts';
import { Icon } from '../../../components/Icon.tsx';
import { evacuationPages } from '../../../features/desk/evacuation.ts';
import { asOf } from '../../../features/desk/kept.ts';
import { PrintFoot } from '../../../features/desk/PrintFoot.tsx';
import { countsOf } from '../../../features/desk/roll-call-view.ts';
import { formatClock, formatStamp, fullName } from '../../../lib/format.ts';
import { usePrintSheet } from '../../../lib/use-print-sheet.ts';

const dateTime = (iso: string) => formatStamp(iso);

/**
 * People per page of the report: its cells wrap to a second line rather than
 * cut a device's name ("03:57 Lob…"), so a page holds fewer than the
 * evacuation list's one-line rows, room for every row to take two.
 */
const ROLL_CALL_ROWS_PER_PAGE = 30;

/**
 * The roll call on paper, as the evacuation list prints (A4 pages, each
 * headed and numbered): under way, the list to tick by hand; ended, the
 * report: start and end, each person accounted for or missing, by which
 * device and when. A kept copy says so, with its time.
 */
export function RollCallSheet({
  rollCall,
  keptAt,
  onClose,
}: {
  rollCall: RollCall;
  keptAt: string | null;
  onClose: () => void;
}) {
  usePrintSheet(onClose);

  const ended = rollCall.endedAt !== null;
  const title = ended ? 'Roll call report' : 'Roll call';
  const counts = countsOf(rollCall.entries);
  const pages = evacuationPages(rollCall.entries, ROLL_CALL_ROWS_PER_PAGE);
  const location = rollCall.location.name ?? `Location ${rollCall.location.id}`;
  const span = `Started ${dateTime(rollCall.startedAt)} (${rollCall.startedBy})${
    ended ? ` · ended ${dateTime(rollCall.endedAt!)} (${rollCall.endedBy})` : ' · under way'
  }`;
  const kept = keptAt ? `Kept on this device, ${asOf(keptAt)}: the hub could not be reached` : null;

  return createPortal(
    <div
      className="print-sheet"
      role="dialog"
      aria-modal="true"
      aria-labelledby="roll-call-sheet-title"
      data-testid="roll-call-sheet"
    >
      <div className="print-toolbar">
        <span id="roll-call-sheet-title">
          {title} · {counts.accounted} accounted, {counts.missing} missing · {pages.length}{' '}
          {pages.length === 1 ? 'page' : 'pages'}
        </span>
        <button type="button" className="button-primary" onClick={() => window.print()}>
          <Icon name="printer" size={18} />
          Print
        </button>
        <button type="button" className="button-secondary" onClick={onClose} data-testid="roll-call-sheet-close">
          Close
        </button>
      </div>
      {pages.map((page) => (
        <article className="print-page" key={page.number} aria-label={`Page ${page.number} of ${pages.length}`}>
          <header className="print-head">
            <div>
              <h1>{title}</h1>
              <p className="print-where">{location}</p>
            </div>
            <div className="print-meta">
              <span>{span}</span>
              {kept && (
                <span className="print-stale" data-testid="roll-call-sheet-kept">
                  {kept}
                </span>
              )}
              <strong>
                {counts.total} on the list · {counts.accounted} accounted · {counts.missing} missing
              </strong>
            </div>
          </header>
          <table className="print-table roll-call-table">
            <thead>
              <tr>
                <th>Status</th>
                <th>Name</th>
                <th>Company</th>
                <th>Host</th>
                <th>Checked in</th>
                <th>Marked</th>
              </tr>
            </thead>
            <tbody>
              {page.guests.map((e) => (
                <tr key={e.invitationId} className={e.accounted ? undefined : 'roll-call-missing'}>
                  <td>{e.accounted ? '✓ accounted' : ended ? 'MISSING' : '☐'}</td>
                  <td className="print-name">{fullName(e)}</td>
                  <td>{e.companyName ?? ''}</td>
                  <td>{e.hostName ?? ''}</td>
                  <td>
                    {formatClock(e.arrivedAt)} {e.checkedInAt}
                    {e.arrivedDuring && <span className="roll-call-note">arrived during the roll call</span>}
                  </td>
                  <td>{e.markedAt ? `${formatClock(e.markedAt)} ${e.markedBy ?? ''}` : ''}</td>
                </tr>
              ))}
              {counts.total === 0 && (
                <tr>
                  <td colSpan={6} className="print-empty">
                    Nobody was checked in on site.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <PrintFoot
            what={`${location} · ${title} · ${span}`}
            page={{ number: page.number, first: page.first, last: page.last, rows: page.guests.length }}
            pages={pages.length}
            total={counts.total}
          />
        </article>
      ))}
    </div>,
    document.body,
  );
}
