import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useDesk } from './desk-store.ts';
import { conflictSentence } from './guest-lists.ts';

/** Transitions the service refused, as sentences with what to do: try again, or dismiss once seen. */
export function ConflictsPanel() {
  const { conflicts, retry, dismiss } = useDesk(
    useShallow((s) => ({ conflicts: s.conflicts, retry: s.retryConflict, dismiss: s.dismissConflict })),
  );
  if (conflicts.length === 0) return null;
  return (
    <section className="conflicts" aria-labelledby="conflicts-title" data-testid="conflicts">
      <header>
        <Icon name="alert" />
        <h2 id="conflicts-title">
          {conflicts.length === 1 ? '1 change was refused' : `${conflicts.length} changes were refused`} by the service
        </h2>
      </header>
      <ul>
        {conflicts.map((c) => {
          const { sentence, advice } = conflictSentence(c);
          return (
            <li key={c.id} data-testid="conflict">
              <div>
                <strong>{c.label}</strong>
                <span className="conflict-message">{sentence}</span>
                <span className="conflict-advice">{advice}</span>
              </div>
              <span className="muted">{formatDateTime(c.createdAt)}</span>
              <span className="conflict-actions">
                <button type="button" className="button-secondary button-small" onClick={() => void retry(c.id)}>
                  Try again
                </button>
                <button type="button" className="button-ghost button-small" onClick={() => void dismiss(c.id)}>
                  Dismiss
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
