import { useEffect } from 'react';
import { Icon } from './Icon.tsx';

export interface ToastNotice {
  id: number;
  tone: 'info' | 'error';
  text: string;
}

/** One short message at the bottom of the screen; errors stay until dismissed. */
export function Toast({ notice, onDismiss }: { notice: ToastNotice | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!notice || notice.tone === 'error') return;
    const timer = setTimeout(onDismiss, 4000);
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
      <button type="button" className="icon-button" onClick={onDismiss} aria-label="Dismiss">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
