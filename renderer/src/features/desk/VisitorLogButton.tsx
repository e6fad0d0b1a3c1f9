import { useRef, useState } from 'react';
import { dayBounds, dayKey, iso } from '../../../../shared/time.ts';
import { DayField } from '../../components/DayField.tsx';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { saveFile } from '../../lib/save-file.ts';

/** "Visitor log…": every visit of a date range (this screen's local days) as CSV or XLSX, for an auditor or security. */
export function VisitorLogButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [firstDay, setFirstDay] = useState(() => dayKey(Date.now()));
  const [lastDay, setLastDay] = useState(() => dayKey(Date.now()));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const fetchLog = async (format: 'csv' | 'xlsx') => {
    if (!firstDay || !lastDay || lastDay < firstDay) {
      setNote('Choose a first day and a last day on or after it.');
      return;
    }
    setBusy(true);
    try {
      const range = { from: iso(dayBounds(firstDay).from), to: iso(dayBounds(lastDay).to), firstDay, lastDay };
      const file = await api.download({ ...range, format });
      saveFile(file.fileName, file.blob, file.blob.type);
      const { rows, fileName } = file;
      setNote(rows === null ? `Saved ${fileName}.` : `${rows} visit${rows === 1 ? '' : 's'} in ${fileName}.`);
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button-secondary"
        onClick={() => (setNote(null), dialog.current?.showModal())}
        data-testid="visitor-log-button"
      >
        <Icon name="download" size={18} />
        Visitor log…
      </button>
      <dialog ref={dialog} className="visitor-log-dialog" aria-labelledby="visitor-log-title" data-testid="visitor-log">
        <h2 id="visitor-log-title">Visitor log</h2>
        <p className="muted">Everyone who arrived on these days, with when they arrived and left and where.</p>
        <div className="visitor-log-days">
          <label className="field">
            <span>First day</span>
            <DayField value={firstDay} onChange={setFirstDay} />
          </label>
          <label className="field">
            <span>Last day</span>
            <DayField value={lastDay} onChange={setLastDay} />
          </label>
        </div>
        {note && (
          <p role="status" className="visitor-log-note">
            {note}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button-primary" disabled={busy} onClick={() => void fetchLog('xlsx')}>
            Download Excel
          </button>
          <button type="button" className="button-secondary" disabled={busy} onClick={() => void fetchLog('csv')}>
            Download CSV
          </button>
          <button type="button" className="button-ghost" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
