/**
 * The one way the app asks before something easy to regret: a question, a
 * sentence on what happens, the default button focused, Cancel beside it.
 * Escape, Cancel or a click beside the dialog keep things as they are.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Icon, type IconName } from './Icon.tsx';

export function ConfirmDialog(props: {
  question: string;
  detail: ReactNode;
  confirmLabel: string;
  icon?: IconName;
  /** The confirmed action is under way: the button waits. */
  working?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** `${testId}`, `${testId}-cancel`, `${testId}-button`. */
  testId: string;
  children?: ReactNode;
}) {
  const {
    question,
    detail,
    confirmLabel,
    icon = 'check',
    working = false,
    onConfirm,
    onCancel,
    testId,
    children,
  } = props;
  const id = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  }, [onCancel]);
  useEffect(() => {
    // Focus goes back to the button that asked when the dialog closes.
    const before = document.activeElement as HTMLElement | null;
    confirmButton.current?.focus();
    // Escape is the dialog's wherever focus is (a click on its text leaves focus on the page), and nobody
    // else's: the desk's own Escape (closing a guest, clearing the search) must not act behind it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      cancel.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      before?.focus();
    };
  }, []);
  // In the body: a row of the list is moved by a transform, which would hold a fixed backdrop inside it.
  return createPortal(
    <div
      className="modal-backdrop"
      // Clicks and keys stay in the dialog: the row it was opened from would take them as its own.
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onPointerDown={(e) => e.target === e.currentTarget && onCancel()}
    >
      <div
        className="bulk-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-question`}
        aria-describedby={`${id}-detail`}
        data-testid={testId}
      >
        <h2 id={`${id}-question`}>{question}</h2>
        <p id={`${id}-detail`}>{detail}</p>
        {children}
        <div className="bulk-buttons">
          <button type="button" className="button-secondary" onClick={onCancel} data-testid={`${testId}-cancel`}>
            Cancel
          </button>
          <button
            ref={confirmButton}
            type="button"
            className="button-primary"
            onClick={onConfirm}
            disabled={working}
            data-testid={`${testId}-button`}
          >
            <Icon name={icon} size={18} />
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
