import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../../components/Icon.tsx';
import type { Confirmation } from './guest-days.ts';

/** Asks before a guest's action that is easy to regret (see guest-days.ts); Escape or Cancel keeps things as they are. */
export function ConfirmAction({
  confirmation,
  onConfirm,
  onCancel,
}: {
  confirmation: Confirmation;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Focus goes back to the button that asked when the dialog closes.
    const before = document.activeElement as HTMLElement | null;
    confirmButton.current?.focus();
    return () => before?.focus();
  }, []);
  // In the body: a row of the list is moved by a transform, which would hold a fixed backdrop inside it.
  return createPortal(
    <div
      className="modal-backdrop"
      // Clicks and keys stay in the dialog (the row it was opened from, the desk's Escape would take them as theirs).
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') onCancel();
      }}
      onPointerDown={(e) => e.target === e.currentTarget && onCancel()}
    >
      <div
        className="bulk-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="action-question"
        aria-describedby="action-detail"
        data-testid="action-confirm"
      >
        <h2 id="action-question">{confirmation.question}</h2>
        <p id="action-detail">{confirmation.detail}</p>
        <div className="bulk-buttons">
          <button type="button" className="button-secondary" onClick={onCancel} data-testid="action-cancel">
            Cancel
          </button>
          <button
            ref={confirmButton}
            type="button"
            className="button-primary"
            onClick={onConfirm}
            data-testid="action-confirm-button"
          >
            <Icon name="check" size={18} />
            {confirmation.confirm}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
