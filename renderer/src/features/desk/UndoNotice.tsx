import { useEffect } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { useNow } from '../../lib/use-now.ts';
import type { Notice } from './desk-store.ts';

/**
 * One short message at the bottom of the desk; errors stay until dismissed.
 * After a check-out it offers Undo for as long as the check-out is held back.
 */
export function UndoNotice({
  notice,
  onDismiss,
  onUndo,
}: {
  notice: Notice | null;
  onDismiss: () => void;
  onUndo: (invitationId: number) => void;
}) {
  const now = useNow(500);
  const undoLeft = notice?.undo ? Math.ceil((Date.parse(notice.undo.until) - now) / 1000) : 0;
  useEffect(() => {
    if (!notice || notice.tone === 'error') return;
    const timer = setTimeout(
      onDismiss,
      notice.undo ? Math.max(4000, Date.parse(notice.undo.until) - Date.now()) : 4000,
    );
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);
  if (!notice) return null;
  return (
    <div
      key={notice.id}
      className={`toast toast-${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      <Icon name={notice.tone === 'error' ? 'alert' : 'checkCircle'} />
      <span>{notice.text}</span>
      {notice.undo && undoLeft > 0 && (
        <button
          type="button"
          className="button-secondary button-small"
          onClick={() => onUndo(notice.undo!.invitationId)}
          data-testid="undo-check-out"
        >
          <Icon name="undo" size={16} />
          Undo ({undoLeft} s)
        </button>
      )}
      <button type="button" className="icon-button" onClick={onDismiss} aria-label="Dismiss">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
