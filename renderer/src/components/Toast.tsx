import { type ReactNode, useEffect } from 'react';
import { Icon } from './Icon.tsx';

export interface ToastNotice {
  id: number;
  tone: 'info' | 'error';
  text: string;
}

/**
 * One short message at the bottom of the screen; errors stay until dismissed.
 * `action` is a button beside the text (the desk's Undo); an info stays 4 s, or until `holdUntil` if later.
 */
export function Toast({
  notice,
  onDismiss,
  action,
  holdUntil,
}: {
  notice: ToastNotice | null;
  onDismiss: () => void;
  action?: ReactNode;
  holdUntil?: string | undefined;
}) {
  useEffect(() => {
    if (!notice || notice.tone === 'error') return;
    const timer = setTimeout(onDismiss, holdUntil ? Math.max(4000, Date.parse(holdUntil) - Date.now()) : 4000);
    return () => clearTimeout(timer);
  }, [notice, onDismiss, holdUntil]);
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
      {action}
      <button type="button" className="icon-button" onClick={onDismiss} aria-label="Dismiss">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
