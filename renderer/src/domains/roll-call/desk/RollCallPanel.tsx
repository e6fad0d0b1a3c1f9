import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../../components/Icon.tsx';
import { deskSlot } from '../../../domains.ts';
import { GuestPhoto, usePhotographed } from '../../../features/desk/GuestAgreements.tsx';
import { asOf } from '../../../features/desk/kept.ts';
import { useShownRollCall } from '../../../features/desk/roll-call-shown.ts';
import { countsOf, visibleEntries } from '../../../features/desk/roll-call-view.ts';
import { formatClock, fullName } from '../../../lib/format.ts';
import { useConnectionLost } from '../../../stores/use-connection-lost.ts';
import { useRollCall } from './roll-call-store.ts';
import { RollCallSheet } from './RollCallSheet.tsx';
import './roll-call.css';

/** How long the hub may be away before the roll call shows the device's kept copy: longer than a reconnect. */
const LOST_AFTER_MS = 1500;

/** The desk toolbar's way in: starting asks once more, since every kiosk of the site stops checking in. */
export function StartRollCallButton() {
  const active = useShownRollCall((s) => Boolean(s.rollCall && !s.rollCall.endedAt));
  const confirm = useRollCall((s) => s.confirm);
  if (active) return null;
  return (
    <button
      type="button"
      className="button-secondary roll-call-start"
      onClick={() => confirm('start')}
      data-testid="roll-call-start"
    >
      <Icon name="alert" size={18} />
      Start roll call
    </button>
  );
}

/**
 * The roll call on a desk screen (a phone or tablet too): each person with
 * their company, host and where they checked in, ticked as accounted for
 * here or at any other desk (the tick is another domain's, drawn in each row
 * through the desk's `rollCallRow` slot: without it, nobody is ticked);
 * search, "hide accounted" and the counts; print; end. When the hub cannot be
 * reached it shows the device's kept copy, with its time, and can still print it.
 */
export function RollCallPanel() {
  const { rollCall, keptAt, problem } = useShownRollCall(
    useShallow((s) => ({ rollCall: s.rollCall, keptAt: s.keptAt, problem: s.problem })),
  );
  const s = useRollCall(
    useShallow((s) => ({
      search: s.search,
      hideAccounted: s.hideAccounted,
      confirming: s.confirming,
      printing: s.printing,
      closedId: s.closedId,
    })),
  );
  const a = useRollCall.getState();
  // The store's functions, the same at every render (getState() itself is a new object at each change: an effect on it
  // loaded the roll call again after every answer, a stream of evacuation.get calls for as long as the panel was shown).
  const { follow, load } = a;
  const lost = useConnectionLost(LOST_AFTER_MS);
  // Photos where the site takes them: a marshal finds a person by face, not only by name.
  const photographed = usePhotographed();
  useEffect(() => follow(), [follow]);
  // At start, when the hub is lost (the kept copy is shown) and when it is back (the hub's again).
  useEffect(() => void load(), [load, lost]);

  const confirmStart = s.confirming === 'start' && (
    <div className="roll-call-confirm banner banner-warn" role="alertdialog" aria-labelledby="roll-call-confirm-text">
      <Icon name="alert" />
      <span id="roll-call-confirm-text">
        Start an evacuation roll call? Every kiosk of the site stops checking in and shows the way out; every desk shows
        who is on site now.
      </span>
      <button
        type="button"
        className="button-warn roll-call-danger"
        onClick={() => void a.start()}
        data-testid="roll-call-confirm"
      >
        Start the roll call
      </button>
      <button type="button" className="button-ghost" onClick={() => a.confirm(null)}>
        Cancel
      </button>
    </div>
  );
  if (!rollCall || rollCall.id === s.closedId) return confirmStart || null;

  const counts = countsOf(rollCall.entries);
  const shown = visibleEntries(rollCall.entries, s.search, s.hideAccounted);
  const ended = rollCall.endedAt !== null;
  // What other domains add to each row (the marks' tick), in the cell the tick takes.
  const rowParts = deskSlot('rollCallRow');
  return (
    <section
      className={`roll-call${ended ? ' roll-call-ended' : ''}`}
      aria-labelledby="roll-call-title"
      data-testid="roll-call"
      data-state={ended ? 'ended' : 'active'}
    >
      {confirmStart}
      <header className="roll-call-head">
        <div>
          <h2 id="roll-call-title">{ended ? 'Roll call ended' : 'Evacuation roll call'}</h2>
          <p className="roll-call-when">
            Started {formatClock(rollCall.startedAt)} by {rollCall.startedBy}
            {ended && ` · ended ${formatClock(rollCall.endedAt)} by ${rollCall.endedBy}`}
            {rollCall.assemblyPoint && ` · assembly point: ${rollCall.assemblyPoint}`}
          </p>
        </div>
        <dl className="roll-call-counts" aria-label="Counts">
          <div className="count-missing">
            <dt>Missing</dt>
            <dd data-testid="roll-call-missing">{counts.missing}</dd>
          </div>
          <div className="count-accounted">
            <dt>Accounted for</dt>
            <dd data-testid="roll-call-accounted">{counts.accounted}</dd>
          </div>
          <div>
            <dt>On the list</dt>
            <dd data-testid="roll-call-total">{counts.total}</dd>
          </div>
        </dl>
        <div className="roll-call-actions">
          <button
            type="button"
            className="button-secondary"
            onClick={() => a.setPrinting(true)}
            data-testid="roll-call-print"
          >
            <Icon name="printer" size={18} />
            {ended ? 'Print report' : 'Print'}
          </button>
          {ended ? (
            <>
              <button
                type="button"
                className="button-secondary"
                onClick={() => void a.downloadCsv()}
                data-testid="roll-call-csv"
              >
                <Icon name="download" size={18} />
                CSV
              </button>
              <button type="button" className="button-ghost" onClick={a.close} data-testid="roll-call-close">
                Close
              </button>
            </>
          ) : s.confirming === 'end' ? (
            <>
              <button
                type="button"
                className="button-warn roll-call-danger"
                onClick={() => void a.end()}
                data-testid="roll-call-end-confirm"
              >
                End for every desk
              </button>
              <button type="button" className="button-ghost" onClick={() => a.confirm(null)}>
                Cancel
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button-secondary"
              onClick={() => a.confirm('end')}
              disabled={keptAt !== null}
              data-testid="roll-call-end"
            >
              End roll call
            </button>
          )}
        </div>
      </header>
      {keptAt && (
        <div className="banner banner-warn" role="alert" data-testid="roll-call-kept">
          <Icon name="cloudOff" />
          <span>
            <strong>The Foyer hub cannot be reached.</strong> This is the roll call {asOf(keptAt)}, kept on this device:
            it can be printed, but marks made now are not saved.
          </span>
        </div>
      )}
      {problem && !keptAt && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {problem}
        </div>
      )}
      <div className="roll-call-tools">
        <div className="search-field">
          <Icon name="search" size={18} />
          <input
            type="search"
            placeholder="Find a person, company or host"
            aria-label="Find a person on the roll call"
            value={s.search}
            onChange={(event) => a.setSearch(event.target.value)}
            data-testid="roll-call-search"
          />
        </div>
        <label className="roll-call-hide">
          <input
            type="checkbox"
            checked={s.hideAccounted}
            onChange={(event) => a.setHideAccounted(event.target.checked)}
            data-testid="roll-call-hide-accounted"
          />
          Hide accounted
        </label>
        {counts.arrivedDuring > 0 && (
          <span className="roll-call-chip">{counts.arrivedDuring} arrived during the roll call</span>
        )}
      </div>
      <ul className="roll-call-list" aria-label="People on site" data-testid="roll-call-list">
        {shown.map((e) => (
          <li
            key={e.invitationId}
            className={e.accounted ? 'accounted' : undefined}
            data-testid="roll-call-row"
            data-id={e.invitationId}
            data-accounted={e.accounted}
          >
            <label>
              <span className="roll-call-tick-cell">
                {rowParts.map((Part, i) => (
                  <Part key={i} rollCallId={rollCall.id} invitationId={e.invitationId} ended={ended} />
                ))}
              </span>
              {photographed.has(e.invitationId) && <GuestPhoto invitationId={e.invitationId} size="small" />}
              <span className="roll-call-person">
                <strong>{fullName(e)}</strong>
                <span>{[e.companyName, e.hostName && `visiting ${e.hostName}`].filter(Boolean).join(' · ')}</span>
              </span>
              <span className="roll-call-where">
                Checked in {formatClock(e.arrivedAt)} at {e.checkedInAt}
                {e.arrivedDuring && (
                  <span className="roll-call-chip" data-testid="roll-call-arrived-during">
                    arrived during the roll call
                  </span>
                )}
              </span>
              <span className="roll-call-mark">
                {e.markedAt && `${e.accounted ? 'Accounted' : 'Unmarked'} ${formatClock(e.markedAt)} · ${e.markedBy}`}
              </span>
            </label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="roll-call-empty">
            {counts.total === 0 ? 'Nobody was checked in on site.' : 'Nobody on the list matches.'}
          </li>
        )}
      </ul>
      {s.printing && <RollCallSheet rollCall={rollCall} keptAt={keptAt} onClose={a.closePrint} />}
    </section>
  );
}
