import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../../components/Icon.tsx';
import { plural } from '../../../lib/format.ts';
import { useAdmin } from '../admin-store.ts';

/** What was queued, with the way to the outbox. */
export function QueuedCard() {
  const { queued, file, kind, resetPush, setSection } = useAdmin(
    useShallow((s) => ({
      queued: s.queued,
      file: s.file,
      kind: s.kind,
      resetPush: s.resetPush,
      setSection: s.setSection,
    })),
  );
  if (!queued) return null;
  if (kind === 'watchlist')
    return (
      <section className="card success-card" data-testid="queued">
        <Icon name="checkCircle" size={36} />
        <div>
          <h2>Watchlist in force</h2>
          <p>
            {plural(queued.items, 'entry', 'entries')} from {file?.name} replace the site’s watchlist. It stays on this
            site and is never sent to the service; guests on site who match it are shown to every desk now.
          </p>
          <div className="button-row">
            <button type="button" className="button-secondary" onClick={resetPush}>
              Push another file
            </button>
          </div>
        </div>
      </section>
    );
  return (
    <section className="card success-card" data-testid="queued">
      <Icon name="checkCircle" size={36} />
      <div>
        <h2>Queued</h2>
        <p>
          {plural(queued.items, 'item')} from {file?.name} in {plural(queued.outboxItems, 'outbox item')} (batch #
          {queued.batchId}). They are sent as soon as the service can be reached; the outbox shows how each one ends.
        </p>
        <div className="button-row">
          <button type="button" className="button-primary" onClick={() => setSection('outbox')}>
            Open the outbox
          </button>
          <button type="button" className="button-secondary" onClick={resetPush}>
            Push another file
          </button>
        </div>
      </div>
    </section>
  );
}
