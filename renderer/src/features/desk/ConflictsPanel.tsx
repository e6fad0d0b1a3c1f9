import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useDesk } from './desk-store.ts';

/** Transitions the service refused: someone at the desk should look, then dismiss. */
export function ConflictsPanel() {
  const { conflicts, dismiss } = useDesk(useShallow((s) => ({ conflicts: s.conflicts, dismiss: s.dismissConflict })));
  if (conflicts.length === 0) return null;
  return (
    <section className="conflicts" aria-label="Conflicts" data-testid="conflicts">
      <header>
        <Icon name="alert" />
        <h2>
          {conflicts.length === 1 ? '1 change was refused' : `${conflicts.length} changes were refused`} by the service
        </h2>
      </header>
      <ul>
        {conflicts.map((c) => (
          <li key={c.id}>
            <div>
              <strong>{c.label}</strong>
              <span className="conflict-message">{c.message}</span>
            </div>
            <span className="muted">{formatDateTime(c.createdAt)}</span>
            <button type="button" className="button-ghost button-small" onClick={() => void dismiss(c.id)}>
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
