import { Icon } from '../../components/Icon.tsx';
import { Toast } from '../../components/Toast.tsx';
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
  return (
    <Toast
      notice={notice}
      onDismiss={onDismiss}
      holdUntil={notice?.undo?.until}
      action={
        notice?.undo &&
        undoLeft > 0 && (
          <button
            type="button"
            className="button-secondary button-small"
            onClick={() => onUndo(notice.undo!.invitationId)}
            data-testid="undo-check-out"
          >
            <Icon name="undo" size={16} />
            Undo ({undoLeft} s)
          </button>
        )
      }
    />
  );
}
