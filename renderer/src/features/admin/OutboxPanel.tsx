import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { OutboxItem } from '../../../../shared/contract/outbox.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime, plural } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';
import { useAdmin } from './admin-store.ts';

const STATE_LABELS: Record<OutboxItem['state'], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};

function Results({ results }: { results: OutboxItem['results'] }) {
  if (!results) return <span className="muted">—</span>;
  const entries = Object.entries(results).filter(([, n]) => n > 0);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span className="result-chips">
      {entries.map(([status, count]) => (
        <span key={status} className={`result-chip result-${status.toLowerCase()}`}>
          {count.toLocaleString('en-GB')} {status.toLowerCase().replace(/_/g, ' ')}
        </span>
      ))}
    </span>
  );
}

/** Everything queued for the service, and how each item ended. */
export function OutboxPanel() {
  const s = useAdmin(
    useShallow((s) => ({
      outbox: s.outbox,
      loaded: s.outboxLoaded,
      error: s.outboxError,
      busy: s.outboxBusy,
      loadOutbox: s.loadOutbox,
      retry: s.retry,
      retryAll: s.retryAll,
      retryAllResult: s.retryAllResult,
      downloadResults: s.downloadResults,
    })),
  );
  const mirrorVersion = useSession((s) => s.mirrorVersion);
  const { loadOutbox } = s;
  useEffect(() => {
    void loadOutbox();
  }, [mirrorVersion, loadOutbox]);

  const counts = { pending: 0, sending: 0, delivered: 0, failed: 0 };
  for (const item of s.outbox) counts[item.state]++;

  return (
    <section className="card outbox" data-testid="outbox">
      <header className="card-head">
        <div>
          <h2>Outbox</h2>
          <p className="muted">
            {counts.pending + counts.sending} waiting · {counts.delivered} delivered · {counts.failed} failed
            {s.outbox.length >= 200 ? ' (the latest 200)' : ''}
          </p>
        </div>
        <div className="button-row">
          {counts.failed > 0 && (
            <button type="button" className="button-primary" onClick={() => void s.retryAll()} data-testid="retry-all">
              <Icon name="refresh" size={18} />
              Retry every failed item
            </button>
          )}
          <button type="button" className="button-secondary" onClick={() => void loadOutbox()}>
            <Icon name="refresh" size={18} />
            Refresh
          </button>
        </div>
      </header>
      {s.retryAllResult && (
        <div
          className={`banner ${s.retryAllResult.refused.length ? 'banner-warn' : 'banner-ok'}`}
          role="status"
          data-testid="retry-all-result"
        >
          <Icon name={s.retryAllResult.refused.length ? 'alert' : 'checkCircle'} />
          <div>
            <p>{plural(s.retryAllResult.retried, 'failed item')} queued again.</p>
            {s.retryAllResult.refused.length > 0 && (
              <ul>
                {s.retryAllResult.refused.map((r) => (
                  <li key={r.id}>
                    #{r.id} {r.label}: {r.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      {s.error && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {s.error}
        </div>
      )}
      {s.loaded && s.outbox.length === 0 ? (
        <div className="empty">
          <Icon name="inbox" size={32} />
          <p>Nothing has been queued yet. Check-ins made here and files you push show up in this list.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table outbox-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">Queued</th>
                <th scope="col">What</th>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Tries
                </th>
                <th scope="col">Results</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {s.outbox.map((item) => (
                <tr key={item.id} data-testid="outbox-row">
                  <td className="num muted">{item.id}</td>
                  <td className="nowrap">{formatDateTime(item.createdAt)}</td>
                  <td>
                    <div className="cell-stack">
                      <span>{item.label}</span>
                      <span className="muted">
                        {item.kind}
                        {item.batchId !== null ? ` · batch ${item.batchId}` : ''}
                      </span>
                    </div>
                  </td>
                  <td>
                    <span className={`state state-outbox-${item.state}`}>{STATE_LABELS[item.state]}</span>
                    {item.lastError && item.state !== 'delivered' && (
                      <p className="reason" data-testid="outbox-reason">
                        {item.lastError}
                      </p>
                    )}
                  </td>
                  <td className="num">{item.attempts}</td>
                  <td>
                    <Results results={item.results} />
                  </td>
                  <td>
                    <div className="row-actions">
                      {item.state === 'failed' && (
                        <button
                          type="button"
                          className="button-secondary button-small"
                          disabled={s.busy[item.id]}
                          onClick={() => void s.retry(item.id)}
                        >
                          <Icon name="refresh" size={16} />
                          Retry
                        </button>
                      )}
                      {(item.results || item.batchId !== null) && (
                        <button
                          type="button"
                          className="button-ghost button-small"
                          onClick={() => void s.downloadResults(item.id)}
                          title="Per-item results as CSV"
                        >
                          <Icon name="download" size={16} />
                          Results CSV
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
