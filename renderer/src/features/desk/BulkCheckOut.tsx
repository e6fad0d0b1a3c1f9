import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DeskGuest } from '../../../../shared/contract/operations.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Toast } from '../../components/Toast.tsx';
import { fullName, plural } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { useBulk } from './bulk-store.ts';
import { bulkQuestion } from './ended-visits.ts';
import './ended-visits.css';

/** Names shown in the confirmation; the rest as "and 12 more". */
const NAMES_SHOWN = 8;

/**
 * Above the On site list: how many are ticked, "Check out selected" and
 * "Everyone whose visit has ended", each asked first ("Check out 12
 * guests?"); after it, one Undo for all while the check-outs are held back.
 */
export function BulkCheckOut({ rows, onNotice }: { rows: (DeskGuest | undefined)[]; onNotice: () => void }) {
  const s = useBulk(
    useShallow((s) => ({
      selected: s.selected,
      working: s.working,
      confirming: s.confirming,
      notice: s.notice,
    })),
  );
  const a = useBulk.getState();
  const count = s.selected.size;
  useEffect(() => {
    // Locking the desk (or leaving the list) forgets what was ticked.
    return () => {
      useBulk.getState().clearSelection();
      useBulk.getState().cancel();
    };
  }, []);
  useEffect(() => {
    // One message at a time at the bottom of the desk.
    if (s.notice) onNotice();
  }, [s.notice, onNotice]);

  const askSelected = () => {
    const names = new Map<number, string>();
    for (const guest of rows) if (guest) names.set(guest.invitationId, fullName(guest));
    a.askSelected(names);
  };

  return (
    <>
      <div className="bulk-bar" role="group" aria-label="Check out several guests" data-testid="bulk-bar">
        <span className="bulk-count" aria-live="polite" data-testid="bulk-count">
          {count ? `${plural(count, 'guest')} selected` : 'Tick guests to check them out together'}
        </span>
        {count > 0 && (
          <>
            <button
              type="button"
              className="button-primary button-small"
              onClick={askSelected}
              disabled={s.working}
              data-testid="bulk-check-out-selected"
            >
              <Icon name="logOut" size={16} />
              Check out selected
            </button>
            <button type="button" className="button-ghost button-small" onClick={a.clearSelection}>
              Clear selection
            </button>
          </>
        )}
        <button
          type="button"
          className="button-secondary button-small"
          onClick={() => void a.askEnded()}
          disabled={s.working}
          data-testid="bulk-check-out-ended"
        >
          <Icon name="clock" size={16} />
          Everyone whose visit has ended
        </button>
      </div>
      {s.confirming && (
        <ConfirmBulk
          names={s.confirming.names}
          ended={s.confirming.ended}
          working={s.working}
          onConfirm={() => void a.confirm()}
          onCancel={a.cancel}
        />
      )}
      <BulkNotice />
    </>
  );
}

function ConfirmBulk({
  names,
  ended,
  working,
  onConfirm,
  onCancel,
}: {
  names: string[];
  ended: boolean;
  working: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      question={bulkQuestion(names.length)}
      detail={`${ended ? 'Everyone on site whose visit has ended' : 'The guests you ticked'} will be shown as left and sent to the service in a few seconds; until then you can undo it.`}
      confirmLabel={`Check out ${plural(names.length, 'guest')}`}
      icon="logOut"
      working={working}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="bulk-confirm"
    >
      <ul className="bulk-names">
        {names.slice(0, NAMES_SHOWN).map((name, i) => (
          <li key={i}>{name}</li>
        ))}
        {names.length > NAMES_SHOWN && <li className="muted">and {names.length - NAMES_SHOWN} more</li>}
      </ul>
    </ConfirmDialog>
  );
}

/** The bulk check-out's message, with one Undo for all while the check-outs are held back. */
function BulkNotice() {
  const notice = useBulk((s) => s.notice);
  const now = useNow(500);
  const undoLeft = notice?.undo ? Math.ceil((Date.parse(notice.undo.until) - now) / 1000) : 0;
  return (
    <Toast
      notice={notice}
      onDismiss={useBulk.getState().dismiss}
      holdUntil={notice?.undo?.until}
      action={
        notice?.undo &&
        undoLeft > 0 && (
          <button
            type="button"
            className="button-secondary button-small"
            onClick={() => void useBulk.getState().undo()}
            data-testid="undo-bulk-check-out"
          >
            <Icon name="undo" size={16} />
            Undo ({undoLeft} s)
          </button>
        )
      }
    />
  );
}
